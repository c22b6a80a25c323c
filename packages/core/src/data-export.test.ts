import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DATA_EXPORT_MSG,
  DATA_EXPORT_TOKEN_PATTERN,
  dataExportDownloadSchema,
  dataExportRequestSchema,
} from './data-export';

/**
 * Properties of the data export's input schemas: the download accepts exactly the tokens the
 * server issues (43 base64url characters) and answers anything else with the German message;
 * the request takes no fields.
 */

const SEED = 20_261_126;
const base64url = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split(''));
const issuedToken = fc.array(base64url, { minLength: 43, maxLength: 43 }).map((chars) => chars.join(''));

describe('Data export input schemas (properties)', () => {
  it('When a token of the issued form is sent, then it is accepted unchanged', () => {
    fc.assert(
      fc.property(issuedToken, (token) => {
        expect(dataExportDownloadSchema.parse({ token })).toEqual({ token });
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('When anything else is sent as the token, then it is refused with the German message', () => {
    const notAToken = fc.oneof(
      fc.string({ maxLength: 200 }).filter((s) => !DATA_EXPORT_TOKEN_PATTERN.test(s)),
      fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => !DATA_EXPORT_TOKEN_PATTERN.test(s)),
      issuedToken.map((t) => `${t} `),
      issuedToken.map((t) => t.slice(1)),
      fc.anything().filter((v) => typeof v !== 'string'),
    );
    fc.assert(
      fc.property(notAToken, (token) => {
        const parsed = dataExportDownloadSchema.safeParse({ token });
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe(DATA_EXPORT_MSG.invalidToken);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('When a body carries more than the token, then it is refused with the German message', () => {
    fc.assert(
      fc.property(
        issuedToken,
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 20 }).filter((k) => k !== 'token' && k !== '__proto__'),
          fc.jsonValue(),
          { minKeys: 1, maxKeys: 5 },
        ),
        (token, extra) => {
          const parsed = dataExportDownloadSchema.safeParse({ ...extra, token });
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues[0]?.message).toBe(DATA_EXPORT_MSG.invalidToken);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('When the request body has any field, then it is refused; an empty body is accepted', () => {
    expect(dataExportRequestSchema.parse({})).toEqual({});
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 20 }).filter((k) => k !== '__proto__'),
          fc.jsonValue(),
          {
            minKeys: 1,
            maxKeys: 5,
          },
        ),
        (body) => {
          const parsed = dataExportRequestSchema.safeParse(body);
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues[0]?.message).not.toMatch(/^(Invalid|Unrecognized)/);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
