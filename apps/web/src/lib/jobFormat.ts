import { formatNumberUpTo, type Job, type JobLocation } from '@pb/core';

/** How advertisements are shown (the jobs feature and the landing page). */

/** German percent number without trailing zeros: 19 → "19", 1.9 → "1,9". */
export function percentNumber(value: number): string {
  return formatNumberUpTo(value, 2);
}

/** "Softwareentwickler (m/w/d)" — the suffix is appended, never stored. */
export function titleWithSuffix(jobTitle: string): string {
  return /\(m\/w\/d\)\s*$/i.test(jobTitle) ? jobTitle : `${jobTitle} (m/w/d)`;
}

/** "Hauptstraße 1, 1010 Wien" (empty parts skipped). */
export function locationText(location: JobLocation | null | undefined): string {
  if (!location) return '';
  const town = [location.postcode, location.city].filter(Boolean).join(' ');
  return [location.street, town].filter(Boolean).join(', ');
}

/** Short place for list rows: "1010 Wien" or the street when nothing else is known. */
export function placeText(location: JobLocation | null | undefined): string {
  if (!location) return '';
  return [location.postcode, location.city].filter(Boolean).join(' ') || location.street;
}

/** The salary text in euros: "€ 50.000 – 70.000" (left as typed when a currency is already named). */
export function salaryText(salary: string): string {
  const text = salary.trim();
  if (!text) return '';
  return /€|eur/i.test(text) ? text : `€ ${text}`;
}

/** "19 %" / "12,5 %". */
export function percentText(value: number | null | undefined): string {
  return `${percentNumber(Number(value ?? 0))} %`;
}

/** The bonus in force (newest record). */
export function activeBonus(job: Pick<Job, 'placementBonus' | 'currentPlacementBonus'>): number {
  return Number(job.currentPlacementBonus ?? job.placementBonus ?? 0);
}
