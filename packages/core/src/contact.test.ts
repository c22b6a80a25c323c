import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact';
import { firstMessage } from './input';
import { MSG } from './messages';

const validContact = {
  firstname: 'Anna',
  lastname: 'Huber',
  company: 'Huber Bau GmbH',
  email: 'anna.huber@example.at',
  message: 'Bitte rufen Sie mich zurück.',
};

describe('contactSchema (spec §5)', () => {
  it('When all five fields are filled, then it is valid and trims the values', () => {
    const result = contactSchema.safeParse({ ...validContact, firstname: '  Anna  ' });
    expect(result.success).toBe(true);
    expect(result.data?.firstname).toBe('Anna');
  });

  it.each(['firstname', 'lastname', 'company', 'email', 'message'] as const)(
    'When %s is empty, blank or missing, then the message is "Alle Felder müssen ausgefüllt werden."',
    (field) => {
      const missing = Object.fromEntries(Object.entries(validContact).filter(([key]) => key !== field));
      for (const input of [{ ...validContact, [field]: '' }, { ...validContact, [field]: '   ' }, missing]) {
        const result = contactSchema.safeParse(input);
        expect(result.success).toBe(false);
        if (!result.success) expect(firstMessage(result.error)).toBe(MSG.contactAllRequired);
      }
    },
  );

  it('When the e-mail is not an address, then the invalid e-mail message shows', () => {
    const result = contactSchema.safeParse({ ...validContact, email: 'anna.huber' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstMessage(result.error)).toBe(MSG.contactInvalidEmail);
  });

  it('When an unknown key is sent, then it is refused', () => {
    expect(contactSchema.safeParse({ ...validContact, admin: true }).success).toBe(false);
  });
});
