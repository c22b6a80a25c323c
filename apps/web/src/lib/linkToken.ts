import type { ZodType } from 'zod';

/**
 * A mailed link's secret for a page without an account (the candidate's consent and interview
 * pages, issue 35): it comes in the URL fragment — never sent to a server or in a Referer — is
 * taken out of the address bar and the tab's history at once, and kept for this tab only, so a
 * reload (or a skip link's own fragment) does not lose it.
 */

/** What the page found in its address: a well-formed token, a malformed one, or none at all. */
export type LinkToken = { kind: 'token'; token: string } | { kind: 'invalid' } | { kind: 'missing' };

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The token of `<page>#<token>`, checked by `schema`; `storageKey` names it in the tab's session storage. */
export function linkToken(storageKey: string, schema: ZodType<string>): LinkToken {
  if (typeof window === 'undefined') return { kind: 'missing' };
  const fromLink = window.location.hash.slice(1);
  let token: string | null;
  if (fromLink) {
    token = safeDecode(fromLink);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (token !== null && schema.safeParse(token).success) sessionStorage.setItem(storageKey, token);
  } else {
    token = sessionStorage.getItem(storageKey);
  }
  if (token === null) return fromLink ? { kind: 'invalid' } : { kind: 'missing' };
  return schema.safeParse(token).success ? { kind: 'token', token } : { kind: 'invalid' };
}
