import { TRUST_MIN_INTRODUCTIONS, TRUST_MSG, TRUST_WINDOW_MONTHS } from '@pb/core';

/** 'Noch zu wenige Daten: 3 von mindestens 5 Vorstellungen in den letzten 12 Monaten.' */
export function tooLittleDataText(introductions: number): string {
  const start = TRUST_MSG.tooLittleData.charAt(0).toUpperCase() + TRUST_MSG.tooLittleData.slice(1);
  return `${start}: ${introductions} von mindestens ${TRUST_MIN_INTRODUCTIONS} Vorstellungen in den letzten ${TRUST_WINDOW_MONTHS} Monaten.`;
}
