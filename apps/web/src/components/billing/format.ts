import { formatCents, formatDay } from '@pb/core';

/** A calendar day ('YYYY-MM-DD') as dd.MM.yyyy. */
export const day = (iso: string | null | undefined): string => (iso ? formatDay(iso) : '–');

/** Cents as '€ 1.234,56' (a no-break space keeps the sign with the number). */
export const euro = (cents: number): string => formatCents(cents);
