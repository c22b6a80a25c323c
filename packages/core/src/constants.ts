/** Business constants and limits (spec §9). The single source for server and web. */

export const LANDING_JOB_LIMIT = 20;
export const BROWSER_JOB_LIMIT = 200;
export const BROWSER_LOAD_MORE_STEP = 10;
export const OWN_JOBS_PAGE_SIZE = 30;
/** Upper bound of one page on any collection endpoint. */
export const MAX_PAGE_LIMIT = 500;
/** Listed agencies on one page of the directory (/public-consultants, 'Mehr laden'): 1, 2 or 3 to a row. */
export const LISTED_AGENCIES_PAGE_SIZE = 24;
/** A page of listed agencies is at most this long (GET /api/agencies, /api/public-agencies). */
export const LISTED_AGENCIES_MAX_LIMIT = 100;

export const WORKING_TIMES = ['Vollzeit', 'Teilzeit'] as const;
export type WorkingTime = (typeof WORKING_TIMES)[number];

export const DEFAULT_PLACEMENT_BONUS = 0;
/** The provider's service fee: 10 % of the placement bonus. */
export const SERVICE_FEE_RATE = 0.1;

export const NAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * Field limits of the request schemas (accounts.ts, jobs.ts, placements.ts, contact.ts,
 * districts.ts): the server refuses longer input, the web forms set them as maxLength.
 * The chat message and the objection note have theirs below (CHAT_MESSAGE_MAX_LENGTH,
 * PLACEMENT_OBJECTION_NOTE_MAX).
 */
/** An e-mail address (RFC 5321 path limit); also the login identifier. */
export const EMAIL_MAX_LENGTH = 254;
/** Account name (company or consultant), registration and profile. */
export const USERNAME_MAX_LENGTH = 120;
/** Account description (registration and profile). */
export const DESCRIPTION_MAX_LENGTH = 5000;
/** A one-time token from a mail link (password reset code, e-mail change objection). */
export const TOKEN_MAX_LENGTH = 200;
/** An agency's services (its public profile): at most this many entries of at most SERVICE_MAX_LENGTH characters. */
export const SERVICES_MAX_COUNT = 50;
export const SERVICE_MAX_LENGTH = 500;
/** Legacy field the profile update still accepts (last login as text). */
export const LEGACY_TEXT_FIELD_MAX_LENGTH = 40;

/** Advertisement: title, salary text, the address and the bullet lists (assignment, requirements, …). */
export const JOB_TITLE_MAX_LENGTH = 200;
export const SALARY_TEXT_MAX_LENGTH = 200;
export const STREET_MAX_LENGTH = 200;
export const POSTCODE_MAX_LENGTH = 10;
export const CITY_MAX_LENGTH = 120;
export const BULLET_ITEM_MAX_LENGTH = 2000;
export const BULLET_LIST_MAX_ITEMS = 50;
/** Placement bonus in percent (advertisement and placement report; MSG.bonusOutOfRange). */
export const PLACEMENT_BONUS_MIN = 0;
export const PLACEMENT_BONUS_MAX = 100;

/** Placement report: names and texts, invoice address, annual salary (JOB_MSG.salaryOutOfRange). */
export const PLACEMENT_TEXT_MAX_LENGTH = 200;
export const HOUSE_NR_MAX_LENGTH = 20;
export const UID_MAX_LENGTH = 30;
export const ACTUAL_SALARY_MIN = 0;
export const ACTUAL_SALARY_MAX = 10_000_000;
/** Yearly salary payments: 14 in Austria (13th and 14th month), 12–15 accepted (salary-facts.ts). */
export const DEFAULT_YEARLY_PAYMENTS = 14;
export const YEARLY_PAYMENTS_MIN = 12;
export const YEARLY_PAYMENTS_MAX = 15;
/** The company's objection to a placement report: its note (PLACEMENT_OBJECTION_MSG.noteTooLong). */
export const PLACEMENT_OBJECTION_NOTE_MAX = 2000;

/** Contact form. */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_COMPANY_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** District (back office). */
export const DISTRICT_NAME_MAX_LENGTH = 120;
export const DISTRICT_STATE_MAX_LENGTH = 60;

export const MAX_FILE_BYTES = 5_242_880;
export const MAX_CHAT_FILES = 5;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx';

export const CHAT_MESSAGE_MAX_LENGTH = 10_000;
export const CHAT_TITLE_MAX_LENGTH = 40;
export const FILE_NAME_FULL_MAX = 30;

/** Austria's nine states, as the districts carry them (the browser's filter, saved searches). */
export const AUSTRIAN_STATES = [
  'Burgenland',
  'Kärnten',
  'Niederösterreich',
  'Oberösterreich',
  'Salzburg',
  'Steiermark',
  'Tirol',
  'Vorarlberg',
  'Wien',
] as const;
export type AustrianState = (typeof AUSTRIAN_STATES)[number];

/** Saved searches and the browser's filters (issue 13; ALERT_MSG). */
export const MAX_SAVED_SEARCHES = 10;
export const SAVED_SEARCH_NAME_MAX = 80;
export const MAX_FILTER_DISTRICTS = 120;
/** Highest "minimum bonus in €" a filter takes (the bonus of the highest salary at 100 %). */
export const MIN_BONUS_EUROS_MAX = 10_000_000;

/** Terms (spec §9). */
export const INVOICE_DUE_WORKING_DAYS = 14;
export const GUARANTEE_DAYS = 60;
export const GUARANTEE_REFUND_RATE = 0.5;
export const CIRCUMVENTION_MONTHS = 12;
export const CIRCUMVENTION_PENALTY_EUR = 35_000;
export const UNUSED_ACCOUNT_MONTHS = 12;
export const ADVERTISEMENT_MAX_AGE_MONTHS = 6;
export const TERMS_OBJECTION_WEEKS = 6;
export const RECONTACT_WINDOW_MONTHS = 7;
export const TERMINATION_NOTICE_DAYS = 7;
/**
 * The latest employment start a guarantee claim may give, in months after the placement day: a
 * start further out is not the hire that was reported (notice periods in Austria end well before).
 */
export const GUARANTEE_START_LATEST_MONTHS = 6;
export const REFUND_PAYOUT_WORKING_DAYS = 14;

/** Landing page claims (spec §1). */
export const PARTNER_AGENCIES_CLAIM = 30;
export const LANDING_EXAMPLE_BONUS_PERCENT = 19;

/** Logo strip: moves this many px every tick (spec §9). */
export const LOGO_STRIP_STEP = 1.8;
export const LOGO_STRIP_TICK_MS = 30;
export const LOGO_COUNT = 11;

/** Bootstrap breakpoints in px (spec §9). */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const;

/** Chat area height = viewport minus this many px (spec §2). */
export const CHAT_VIEWPORT_OFFSET_PX = 130;

/** Browser storage keys (spec §3). */
export const STORAGE_KEYS = {
  token: 'jwt_token',
  user: 'jwt_user',
  userId: 'jwt_user_id',
  userEmail: 'jwt_user_email',
  userRole: 'jwt_user_role',
  userDescription: 'jwt_user_description',
  authUser: 'auth_user',
  /** The browser's own random device id (decision 0028); kept across sign-outs. */
  deviceId: 'pb_device_id',
  /** The organisation the session acts for (issue 31), JSON of ActiveMembership; 'null' without one. */
  organisation: 'pb_organisation',
} as const;
