/** German percent number without trailing zeros: 19 → "19", 1.9 → "1,9". */
export function percentText(value: number): string {
  return new Intl.NumberFormat('de-AT', { maximumFractionDigits: 2 }).format(value);
}

/** Salary text with a euro sign unless the company already wrote a currency. */
export function salaryText(salary: string): string {
  const text = salary.trim();
  if (!text) return '';
  return /€|eur/i.test(text) ? text : `€ ${text}`;
}
