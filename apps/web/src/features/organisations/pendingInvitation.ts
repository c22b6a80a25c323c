/**
 * The invitation a tab is in the middle of: the mailed link's token comes in the URL fragment (never
 * sent to the server or a Referer), is kept for this tab only and taken out of the address bar.
 */
const KEY = 'pb.pendingInvitation';

export function pendingInvitation(): string | null {
  const fromLink = window.location.hash.slice(1);
  if (fromLink) {
    const token = decodeURIComponent(fromLink);
    sessionStorage.setItem(KEY, token);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    return token;
  }
  return sessionStorage.getItem(KEY);
}

export function hasPendingInvitation(): boolean {
  return sessionStorage.getItem(KEY) !== null;
}

export function forgetPendingInvitation(): void {
  sessionStorage.removeItem(KEY);
}
