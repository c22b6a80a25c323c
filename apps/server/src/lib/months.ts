/** Calendar months back, clamped to the month's last day (31 March − 1 month → 28/29 February). */
export function monthsBefore(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** `date` plus whole calendar months (UTC), clamped to the month's last day like monthsBefore. */
export function monthsAfter(date: Date, months: number): Date {
  return monthsBefore(date, -months);
}
