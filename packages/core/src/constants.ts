/** Business constants and limits (spec §9). The single source for server and web. */

export const LANDING_JOB_LIMIT = 20;
export const BROWSER_JOB_LIMIT = 200;
export const BROWSER_LOAD_MORE_STEP = 10;
export const OWN_JOBS_PAGE_SIZE = 30;
/** Upper bound of one page on any collection endpoint. */
export const MAX_PAGE_LIMIT = 500;

export const WORKING_TIMES = ['Vollzeit', 'Teilzeit'] as const;
export type WorkingTime = (typeof WORKING_TIMES)[number];

export const DEFAULT_PLACEMENT_BONUS = 0;
/** The provider's service fee: 10 % of the placement bonus. */
export const SERVICE_FEE_RATE = 0.1;

export const NAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;

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
} as const;
