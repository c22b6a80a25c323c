import { formatNumber, type District, type JobBrowserFilters } from '@pb/core';

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
  return parts.length > 0 ? parts.join(' · ') : 'Alle Inserate';
}

/** A name proposal for the browser's current filters. */
export function searchName(
  filters: { text: string; states: string[]; districtIds: number[]; workingTime: string },
  districts: readonly District[],
): string {
  const summary = filterSummary(
    {
      ...(filters.text ? { q: filters.text } : {}),
      ...(filters.states.length ? { states: filters.states as JobBrowserFilters['states'] } : {}),
      ...(filters.districtIds.length ? { districts: filters.districtIds } : {}),
      ...(filters.workingTime ? { workingTime: filters.workingTime as JobBrowserFilters['workingTime'] } : {}),
    },
    districts,
  );
  return summary.slice(0, 80);
}
