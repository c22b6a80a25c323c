import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { contactSchema, MSG } from '@pb/core';
import { formProblems, useSchemaSubmit } from './useSchemaSubmit';

afterEach(cleanup);

const contact = {
  firstname: 'Anna',
  lastname: 'Berger',
  company: 'Bau GmbH',
  email: 'anna@example.at',
  message: 'Hallo',
};

describe('formProblems', () => {
  it('When issues come in, then the first message is the summary and each path keeps its first message', () => {
    expect(
      formProblems([
        { message: 'Summary', path: [] },
        { message: 'Name fehlt', path: ['name'] },
        { message: 'Zweite', path: ['name'] },
        { message: 'Straße zu lang', path: ['location', 'street'] },
      ]),
    ).toEqual({ summary: 'Summary', fields: { name: 'Name fehlt', 'location.street': 'Straße zu lang' } });
    expect(formProblems([])).toEqual({ summary: null, fields: {} });
  });
});

describe('useSchemaSubmit (the back office’s modals)', () => {
  it('When the input is refused, then `problem` is the first message as before and `errors` has every field', () => {
    const onValid = vi.fn();
    const { result } = renderHook(() => useSchemaSubmit(contactSchema, onValid));
    act(() => result.current.submit({ ...contact, firstname: ' ', email: 'keine-adresse' }));
    expect(result.current.problem).toBe(MSG.contactAllRequired);
    expect(result.current.errors).toEqual({ firstname: MSG.contactAllRequired, email: MSG.contactInvalidEmail });
    expect(onValid).not.toHaveBeenCalled();

    act(() => result.current.submit(contact));
    expect(result.current.problem).toBeNull();
    expect(result.current.errors).toEqual({});
    expect(onValid).toHaveBeenCalledWith(expect.objectContaining({ firstname: 'Anna', email: 'anna@example.at' }));
  });
});
