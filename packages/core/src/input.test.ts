import { describe, expect, it } from 'vitest';
import { dateInput, hasUnsafeText, idSchema, int4Id, INT4_MAX, isSafeText, parseDateInput } from './input';

describe('Input limits PostgreSQL imposes (core/input)', () => {
  it('When text holds U+0000 or a lone surrogate, then it is unsafe; a surrogate pair (emoji) is fine', () => {
    expect(isSafeText('Grüß Gott 😀')).toBe(true);
    for (const bad of ['a\u0000b', '\uD800', 'x\uDC00', '\uD83D', 'end\uDBFF']) expect(isSafeText(bad)).toBe(false);
    expect(hasUnsafeText({ a: [{ b: 'ok' }, { c: ['\uD800'] }] })).toBe(true);
    expect(hasUnsafeText({ ['k\uDFFF']: 1 })).toBe(true);
    expect(hasUnsafeText({ a: [1, true, null, 'ok', { b: '😀' }] })).toBe(false);
  });

  it('When an id is 2^31, 400 digits, zero, negative or fractional, then it is refused; 2^31 − 1 is the largest', () => {
    expect(int4Id().safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [INT4_MAX + 1, Number('9'.repeat(400)), 0, -1, 1.5, Number.NaN, '1']) {
      expect(int4Id().safeParse(bad).success).toBe(false);
    }
    expect(idSchema.parse('42')).toBe(42);
    for (const bad of ['2147483648', '9'.repeat(400), '01', '0x10', '1e3', ' 1']) {
      expect(idSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('When a date lies outside the years 1900–9999 or is no date, then it is refused', () => {
    expect(parseDateInput('2026-03-01')?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    for (const bad of ['99999-01-01', '0000-01-01', '-004713-01-01', '+275760-09-13', '-infinity', 'infinity', '']) {
      expect(parseDateInput(bad)).toBeNull();
    }
    expect(dateInput().safeParse(new Date(Number.NaN)).success).toBe(false);
    expect(dateInput().safeParse('1899-12-31').success).toBe(false);
  });
});
