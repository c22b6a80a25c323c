import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from './accounts';
import { organisationProfileUpdateSchema } from './organisation-profiles';
import {
  BULLET_ITEM_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  DISTRICT_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  HOUSE_NR_MAX_LENGTH,
  JOB_TITLE_MAX_LENGTH,
  SERVICE_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from './constants';
import { contactSchema } from './contact';
import { districtCreateSchema } from './districts';
import { jobDataSchema } from './jobs';
import { companyPlacementReportSchema } from './placements';

/** The named limits are the ones the request schemas enforce: at the limit fine, one more refused. */

const text = (length: number) => 'x'.repeat(length);

const job = {
  jobTitle: 'Polier',
  workingTime: 'Vollzeit',
  assignment: ['Baustelle leiten'],
  requirements: ['Lehre'],
  benefits: ['Firmenwagen'],
  jobInfo: ['Ab sofort'],
  location: { street: 'Hauptplatz 1', postcode: '8010', city: 'Graz' },
  salary: '52.000 €',
  district: 601,
};

const companyReport = {
  variant: 'company',
  advertisement: 42,
  companyName: 'Huber Bau GmbH',
  jobTitle: 'Polier',
  contactPerson: 'Franz Huber',
  placementBonus: 15,
  actualSalary: 52_000,
  recruiter: 'Anna Berger',
  recruiterMail: 'anna.berger@example.at',
  street: 'Hauptplatz',
  houseNr: '1',
  postalCode: '8010',
  city: 'Graz',
  uid: 'ATU12345678',
  candidateEmail: 'polier@example.at',
};

const contact = {
  firstname: 'Anna',
  lastname: 'Huber',
  company: 'Huber Bau GmbH',
  email: 'anna.huber@example.at',
  message: 'Hallo',
};

describe('Field limits (constants.ts) in the request schemas', () => {
  it('When a field is exactly at its limit, then it passes; one character more is refused', () => {
    const cases: [string, (length: number) => boolean, number][] = [
      ['job title', (n) => jobDataSchema.safeParse({ ...job, jobTitle: text(n) }).success, JOB_TITLE_MAX_LENGTH],
      ['bullet item', (n) => jobDataSchema.safeParse({ ...job, benefits: [text(n)] }).success, BULLET_ITEM_MAX_LENGTH],
      [
        'house number',
        (n) => companyPlacementReportSchema.safeParse({ ...companyReport, houseNr: text(n) }).success,
        HOUSE_NR_MAX_LENGTH,
      ],
      [
        'contact message',
        (n) => contactSchema.safeParse({ ...contact, message: text(n) }).success,
        CONTACT_MESSAGE_MAX_LENGTH,
      ],
      [
        'district name',
        (n) => districtCreateSchema.safeParse({ name: text(n), state: 'Steiermark' }).success,
        DISTRICT_NAME_MAX_LENGTH,
      ],
      [
        'username',
        (n) =>
          registerRequestSchema.safeParse({
            username: text(n),
            email: 'a@example.at',
            password: 'geheim123',
            role: 'company',
          }).success,
        USERNAME_MAX_LENGTH,
      ],
      [
        'service',
        (n) => organisationProfileUpdateSchema.safeParse({ services: [text(n)] }).success,
        SERVICE_MAX_LENGTH,
      ],
      [
        'e-mail',
        (n) => contactSchema.safeParse({ ...contact, email: `${text(n - '@example.at'.length)}@example.at` }).success,
        EMAIL_MAX_LENGTH,
      ],
    ];
    for (const [name, passes, limit] of cases) {
      expect(passes(limit), `${name} at ${limit}`).toBe(true);
      expect(passes(limit + 1), `${name} at ${limit + 1}`).toBe(false);
    }
  });
});
