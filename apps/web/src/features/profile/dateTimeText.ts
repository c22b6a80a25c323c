import { formatDate, viennaParts } from '@pb/core';

/** "27.11.2026, 14:05 Uhr" (Vienna time): how the profile names a moment. */
export function dateTimeText(iso: string): string {
  const p = viennaParts(iso);
  return `${formatDate(iso)}, ${p.hour}:${p.minute} Uhr`;
}
