import {
  DEFAULT_PLACEMENT_BONUS,
  DEFAULT_YEARLY_PAYMENTS,
  formatNumber,
  type Job,
  type JobData,
  type RequirableProfileField,
} from '@pb/core';

/**
 * The advertisement form's values and their conversions (company editor and back office): the
 * empty form, a stored advertisement as form values, the input of jobDataSchema and the request
 * body. The fields themselves are JobFields.tsx, the editor's check jobFormCheck.ts.
 */

/** Body of POST/PUT /api/jobs (also of the admin's job routes). */
export type JobPayload = Pick<
  Job,
  | 'jobTitle'
  | 'workingTime'
  | 'assignment'
  | 'requirements'
  | 'benefits'
  | 'jobInfo'
  | 'location'
  | 'salary'
  | 'placementBonus'
> & {
  district: number;
  /** § 9 (2) GlBG, euros per month (the server stores cents). */
  kvMinimum: number | null;
  overpayment: boolean | null;
  yearlyPayments: number;
  /** The company's editor only: the anonymised profile's fields it requires (issue 35); absent: unchanged. */
  requiredProfileFields?: RequirableProfileField[];
};

/** The advertisement fields shared by the company's editor and the admin's job form. */
export interface JobFieldsState {
  jobTitle: string;
  workingTime: string;
  street: string;
  postcode: string;
  city: string;
  salary: string;
  district: string;
  assignment: string[];
  requirements: string[];
  benefits: string[];
  jobInfo: string[];
  placementBonus: string;
  /** § 9 (2) GlBG: KV minimum per month (text as typed), overpayment ('ja' | 'nein' | ''), salaries a year. */
  kvMinimum: string;
  overpayment: '' | 'ja' | 'nein';
  yearlyPayments: string;
}

export const EMPTY_JOB_FIELDS: JobFieldsState = {
  jobTitle: '',
  workingTime: '',
  street: '',
  postcode: '',
  city: '',
  salary: '',
  district: '',
  assignment: [],
  requirements: [],
  benefits: [],
  jobInfo: [],
  placementBonus: String(DEFAULT_PLACEMENT_BONUS),
  kvMinimum: '',
  overpayment: '',
  yearlyPayments: String(DEFAULT_YEARLY_PAYMENTS),
};

/**
 * Cents as the form's euro text, as typed and read back by the schema: '2.450' or '2.450,50'
 * (formatNumber groups with a no-break space, which the schema does not read).
 */
function euroInput(cents: number): string {
  return formatNumber(cents / 100, cents % 100 === 0 ? 0 : 2).replace(/[\s\u00a0\u202f]/g, '.');
}

/** The form fields of a stored advertisement. */
export function jobFieldsFromJob(job: Job, placementBonus: number): JobFieldsState {
  return {
    jobTitle: job.jobTitle,
    workingTime: job.workingTime,
    street: job.location?.street ?? '',
    postcode: job.location?.postcode ?? '',
    city: job.location?.city ?? '',
    salary: job.salary,
    district: job.district ? String(job.district.id) : '',
    assignment: [...job.assignment],
    requirements: [...job.requirements],
    benefits: [...job.benefits],
    jobInfo: [...job.jobInfo],
    placementBonus: String(placementBonus),
    kvMinimum: job.salaryFacts?.kvMinimumCents != null ? euroInput(job.salaryFacts.kvMinimumCents) : '',
    overpayment: job.salaryFacts?.overpayment == null ? '' : job.salaryFacts.overpayment ? 'ja' : 'nein',
    yearlyPayments: String(job.salaryFacts?.yearlyPayments ?? DEFAULT_YEARLY_PAYMENTS),
  };
}

/** Input for jobDataSchema (the same schema the server uses). */
export function jobDataInput(form: JobFieldsState, placementBonus: number) {
  return {
    jobTitle: form.jobTitle,
    workingTime: form.workingTime,
    assignment: form.assignment,
    requirements: form.requirements,
    benefits: form.benefits,
    jobInfo: form.jobInfo,
    location: { street: form.street, postcode: form.postcode, city: form.city },
    salary: form.salary,
    district: form.district,
    placementBonus,
    kvMinimum: form.kvMinimum.trim() === '' ? null : form.kvMinimum,
    overpayment: form.overpayment === '' ? null : form.overpayment === 'ja',
    yearlyPayments: Number(form.yearlyPayments),
  };
}

/** The request body built from jobDataSchema's parsed output. */
export function jobPayload(d: JobData): JobPayload {
  return {
    jobTitle: d.jobTitle,
    workingTime: d.workingTime,
    assignment: d.assignment,
    requirements: d.requirements,
    benefits: d.benefits,
    jobInfo: d.jobInfo,
    location: { street: d.location.street, postcode: d.location.postcode, city: d.location.city },
    salary: d.salary,
    district: d.district,
    placementBonus: d.placementBonus ?? DEFAULT_PLACEMENT_BONUS,
    kvMinimum: d.kvMinimum == null ? null : d.kvMinimum / 100,
    overpayment: d.overpayment ?? null,
    yearlyPayments: d.yearlyPayments ?? DEFAULT_YEARLY_PAYMENTS,
  };
}
