import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  factorChangeRequestSchema,
  passkeyAuthenticationResponseSchema,
  passkeyRegisterRequestSchema,
  RECOVERY_CODE_PATTERN,
  secondFactorCodeRequestSchema,
  secondFactorCodeSchema,
  totpCodeSchema,
} from './two-factor';
import { loginRequestSchema } from './accounts';

/** Properties of the two-factor input schemas (decision 0028): never a throw, only well-formed codes pass. */
describe('two-factor input schemas', () => {
  const anything = fc.anything({ withBigInt: false, withMap: false, withSet: false, withTypedArray: false });

  it('When any value is parsed, then the schemas answer success or a failure and never throw', () => {
    fc.assert(
      fc.property(anything, (value) => {
        for (const schema of [
          secondFactorCodeSchema,
          totpCodeSchema,
          secondFactorCodeRequestSchema,
          passkeyAuthenticationResponseSchema,
          passkeyRegisterRequestSchema,
          factorChangeRequestSchema,
          loginRequestSchema,
        ]) {
          expect(() => schema.safeParse(value)).not.toThrow();
        }
      }),
      { seed: 20_261_126, numRuns: 500 },
    );
  });

  it('When a code passes, then it is six digits or a recovery code, whatever spaces and case it came with', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (text) => {
        const parsed = secondFactorCodeSchema.safeParse(text);
        if (parsed.success) expect(/^\d{6}$/.test(parsed.data) || RECOVERY_CODE_PATTERN.test(parsed.data)).toBe(true);
      }),
      { seed: 20_261_126, numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^ {0,3}$/), (code, space) => {
        const spaced = `${space}${code.slice(0, 3)}${space}${code.slice(3)}${space}`;
        expect(secondFactorCodeSchema.parse(spaced)).toBe(code);
        expect(totpCodeSchema.parse(spaced)).toBe(code);
      }),
      { seed: 20_261_126 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/), (code) => {
        expect(secondFactorCodeSchema.parse(code.toLowerCase())).toBe(code);
        expect(totpCodeSchema.safeParse(code).success).toBe(false);
      }),
      { seed: 20_261_126 },
    );
  });

  it('When a login names a device id, then only 16–64 URL-safe characters pass', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (deviceId) => {
        const parsed = loginRequestSchema.safeParse({ identifier: 'a@b.at', password: 'x', deviceId });
        expect(parsed.success).toBe(/^[A-Za-z0-9_-]{16,64}$/.test(deviceId));
      }),
      { seed: 20_261_126, numRuns: 1000 },
    );
  });

  it('When a passkey answer carries oversized or non-base64url parts, then it is refused', () => {
    const valid = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    };
    expect(passkeyAuthenticationResponseSchema.safeParse(valid).success).toBe(true);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /[^A-Za-z0-9_=-]/.test(s)),
        (bad) => {
          const answer = { ...valid, response: { ...valid.response, signature: bad } };
          expect(passkeyAuthenticationResponseSchema.safeParse(answer).success).toBe(false);
        },
      ),
      { seed: 20_261_126 },
    );
    expect(
      passkeyAuthenticationResponseSchema.safeParse({
        ...valid,
        response: { ...valid.response, signature: 'A'.repeat(2049) },
      }).success,
    ).toBe(false);
  });
});
