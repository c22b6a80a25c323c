import { formatNumber, RESPONDS_WITHIN_DAYS, type District, type JobBrowserFilters } from '@pb/core';

/** The answer-time filter in words (issue 36): 'Antwort innerhalb von 2 Arbeitstagen'. */
function respondsWithinText(days: number): string {
  return days === 1 ? 'Antwort innerhalb von 1 Arbeitstag' : `Antwort innerhalb von ${days} Arbeitstagen`;
}

/** A saved search's filters in words: 'Steiermark · ≥ 20 % · Teilzeit · „pflege“'. */
export function filterSummary(filters: JobBrowserFilters, districts: readonly District[]): string {
  const names = new Map(districts.map((d) => [d.id, d.name]));
  const parts: string[] = [];
  if (filters.q) parts.push(`„${filters.q}“`);
  if (filters.states?.length) parts.push(filters.states.join(', '));
  if (filters.districts?.length) parts.push(filters.districts.map((id) => names.get(id) ?? `Bezirk ${id}`).join(', '));
  if (filters.minBonus !== undefined)
    parts.push(`≥ ${formatNumber(filters.minBonus, Number.isInteger(filters.minBonus) ? 0 : 2)} %`);
  if (filters.minBonusEuros !== undefined) parts.push(`≥ ${formatNumber(filters.minBonusEuros, 0)} € Prämie`);
  if (filters.workingTime) parts.push(filters.workingTime);
  if (filters.respondsWithin !== undefined) parts.push(respondsWithinText(filters.respondsWithin));
  return parts.length > 0 ? parts.join(' · ') : 'Alle Inserate';
}

/** A name proposal for the browser's current filters. */
export function searchName(
  filters: { text: string; states: string[]; districtIds: number[]; workingTime: string; respondsWithin?: string },
  districts: readonly District[],
): string {
  const within = RESPONDS_WITHIN_DAYS.find((days) => String(days) === filters.respondsWithin);
  const summary = filterSummary(
    {
      ...(filters.text ? { q: filters.text } : {}),
      ...(filters.states.length ? { states: filters.states as JobBrowserFilters['states'] } : {}),
      ...(filters.districtIds.length ? { districts: filters.districtIds } : {}),
      ...(filters.workingTime ? { workingTime: filters.workingTime as JobBrowserFilters['workingTime'] } : {}),
      ...(within !== undefined ? { respondsWithin: within } : {}),
    },
    districts,
  );
  return summary.slice(0, 80);
}
