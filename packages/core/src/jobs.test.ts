import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { JOB_FIELD_MSG, jobDataSchema, missingJobFields } from './jobs';

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

describe('missingJobFields (spec §5 publish and update): one rule for the server and the editor', () => {
  it('When every required field is set, then none is missing and the body parses', () => {
    expect(missingJobFields(job)).toEqual([]);
    expect(jobDataSchema.safeParse(job).success).toBe(true);
  });

  it('When the editor is sent empty, then every required field is named in the form’s order', () => {
    const empty = {
      jobTitle: ' ',
      workingTime: '',
      assignment: [],
      requirements: [' '],
      benefits: [],
      jobInfo: [],
      location: { street: '', postcode: '', city: ' ' },
      salary: '',
      district: '',
    };
    expect(missingJobFields(empty)).toEqual(Object.keys(JOB_FIELD_MSG));
  });

  it('When one part of the address is set, then the address counts as given', () => {
    expect(missingJobFields({ ...job, location: { street: '', postcode: 8010, city: '' } })).toEqual([]);
  });

  it('When a required field is missing, then the server still answers only the one spec message', () => {
    const result = jobDataSchema.safeParse({ ...job, benefits: [], workingTime: 'Gleitzeit' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MSG.fillAllFields]);
  });
});
