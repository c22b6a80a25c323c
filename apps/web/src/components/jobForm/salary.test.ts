import { describe, expect, it } from 'vitest';
import { jobDataSchema, type Job } from '@pb/core';
import { EMPTY_JOB_FIELDS, jobDataInput, jobFieldsFromJob, jobPayload } from './JobFields';
import { percentText, salaryText } from '../../lib/jobFormat';

/** A stored advertisement with the salary facts the form shows. */
function storedJob(salaryFacts?: Job['salaryFacts']): Job {
  return {
    id: 7,
    jobTitle: 'Koch',
    workingTime: 'Vollzeit',
    location: { street: 'Ring 1', postcode: '1010', city: 'Wien' },
    salary: '42.000 – 48.000',
    district: null,
    assignment: ['Kochen'],
    requirements: ['Lehre'],
    benefits: ['Essen'],
    jobInfo: ['Ab sofort'],
    salaryFacts,
  } as unknown as Job;
}

describe('salary in the advertisement form and on its cards', () => {
  it('When a salary is shown, then in euros unless a currency is named; empty stays empty', () => {
    expect(salaryText(' 50.000 – 70.000 ')).toBe('€ 50.000 – 70.000');
    expect(salaryText('3.000 EUR monatlich')).toBe('3.000 EUR monatlich');
    expect(salaryText('ab 40.000 €')).toBe('ab 40.000 €');
    expect(salaryText('  ')).toBe('');
    expect(percentText(12.5)).toBe('12,5 %');
    expect(percentText(null)).toBe('0 %');
  });

  it('When a stored advertisement is edited, then the KV minimum (cents) shows as euros, cents only when there are any', () => {
    const whole = jobFieldsFromJob(
      storedJob({ kvMinimumCents: 245_000, overpayment: true, yearlyPayments: 14 } as Job['salaryFacts']),
      15,
    );
    expect(whole).toMatchObject({
      salary: '42.000 – 48.000',
      kvMinimum: '2.450',
      overpayment: 'ja',
      yearlyPayments: '14',
    });
    expect(whole.placementBonus).toBe('15');
    const withCents = jobFieldsFromJob(
      storedJob({ kvMinimumCents: 245_050, overpayment: false, yearlyPayments: 12 } as Job['salaryFacts']),
      15,
    );
    expect(withCents).toMatchObject({ kvMinimum: '2.450,50', overpayment: 'nein', yearlyPayments: '12' });
    expect(jobFieldsFromJob(storedJob(), 15)).toMatchObject({
      kvMinimum: '',
      overpayment: '',
      yearlyPayments: '14',
    });
  });

  it('When the form is sent, then the typed KV minimum becomes cents in the schema and euros in the request again', () => {
    const form = {
      ...jobFieldsFromJob(storedJob(), 20),
      district: '101',
      kvMinimum: '2.450,50',
      overpayment: 'ja' as const,
      yearlyPayments: '14',
    };
    const input = jobDataInput(form, 20);
    expect(input).toMatchObject({
      salary: '42.000 – 48.000',
      kvMinimum: '2.450,50',
      overpayment: true,
      yearlyPayments: 14,
    });
    expect(jobDataInput({ ...form, kvMinimum: '  ', overpayment: '' }, 20)).toMatchObject({
      kvMinimum: null,
      overpayment: null,
    });
    const parsed = jobDataSchema.parse(input);
    expect(parsed.kvMinimum).toBe(245_050);
    expect(jobPayload(parsed)).toMatchObject({
      kvMinimum: 2450.5,
      overpayment: true,
      yearlyPayments: 14,
      placementBonus: 20,
    });
    expect(EMPTY_JOB_FIELDS.kvMinimum).toBe('');
    // what the form shows for a stored minimum is read back to the same cents
    const shown = jobFieldsFromJob(
      storedJob({ kvMinimumCents: 245_050, overpayment: null, yearlyPayments: 14 } as Job['salaryFacts']),
      20,
    );
    expect(jobDataSchema.parse(jobDataInput({ ...shown, district: '101' }, 20)).kvMinimum).toBe(245_050);
  });
});
