import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ACCOUNT_FIELD_MSG, MSG } from '@pb/core';
import { Component as LoginPage } from './LoginPage';
import { Component as RegisterPage } from './RegisterPage';
import { Component as ForgotPasswordPage } from './ForgotPasswordPage';
import { Component as ResetPasswordPage } from './ResetPasswordPage';

// The public frame loads the site settings: not what these tests are about.
vi.mock('../../components/public/PublicLayout', () => ({
  PublicLayout: ({ children }: { children: ReactNode }) => <main>{children}</main>,
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockRejectedValue(new Error('no request expected'));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAt(path: string, element: ReactNode, route = path) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The texts a control's aria-describedby points to (what a screen reader reads with it). */
function description(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function expectRefused(control: HTMLElement, message: string) {
  expect(control.getAttribute('aria-invalid')).toBe('true');
  expect(control.className).toContain('is-invalid');
  expect(description(control)).toContain(message);
}

function expectAccepted(control: HTMLElement) {
  expect(control.getAttribute('aria-invalid')).toBeNull();
  expect(control.className).not.toContain('is-invalid');
}

describe('Registration', () => {
  it('When the company form is sent empty, then every field says what it needs at once, the summary keeps the spec’s first rule and focus is on the name', async () => {
    const user = userEvent.setup();
    renderAt('/register', <RegisterPage />);
    await user.click(screen.getByRole('button', { name: /^Unternehmen/ }));
    const name = screen.getByLabelText('Firmenname');
    // Nothing is marked before the first submit.
    expectAccepted(name);
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    expect(screen.getByRole('alert').textContent).toBe(MSG.privacyRequired);
    expectRefused(name, MSG.nameTooShort);
    expectRefused(screen.getByLabelText('E-Mail'), ACCOUNT_FIELD_MSG.emailRequired);
    expectRefused(screen.getByLabelText('Passwort'), ACCOUNT_FIELD_MSG.newPasswordRequired);
    expectRefused(screen.getByLabelText('Passwort wiederholen'), ACCOUNT_FIELD_MSG.passwordRepeatRequired);
    expectRefused(screen.getByLabelText(/Ich akzeptiere die/), MSG.privacyRequired);
    // The password's hint stays in its description, after the message.
    expect(description(screen.getByLabelText('Passwort'))).toContain('Mindestens 6 Zeichen.');
    expectAccepted(screen.getByLabelText('Beschreibung des Unternehmens'));
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(fetchMock).not.toHaveBeenCalled();

    // A corrected field loses its message; the others keep theirs until they are right.
    await user.type(name, 'Muster GmbH');
    expectAccepted(name);
    expectRefused(screen.getByLabelText('E-Mail'), ACCOUNT_FIELD_MSG.emailRequired);
  });

  it('When the passwords differ after the privacy box is ticked, then the summary is the mismatch and focus goes to the first refused field', async () => {
    const user = userEvent.setup();
    renderAt('/register', <RegisterPage />);
    await user.click(screen.getByRole('button', { name: /^Personalberater/ }));
    await user.type(screen.getByLabelText('Name'), 'Anna Berger');
    await user.type(screen.getByLabelText('E-Mail'), 'anna@example.at');
    await user.type(screen.getByLabelText('Passwort'), 'geheim123');
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'geheim124');
    await user.click(screen.getByLabelText(/Ich akzeptiere die/));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));

    expect(screen.getByRole('alert').textContent).toBe(MSG.passwordsDiffer);
    const repeat = screen.getByLabelText('Passwort wiederholen');
    expectRefused(repeat, MSG.passwordsDiffer);
    expectAccepted(screen.getByLabelText('Passwort'));
    await waitFor(() => expect(document.activeElement).toBe(repeat));
  });
});

describe('Login', () => {
  it('When it is sent empty, then both fields are marked, the summary is the login failure, focus is on the e-mail and nothing is sent', async () => {
    const user = userEvent.setup();
    renderAt('/login', <LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Einloggen' }));

    expect(screen.getByRole('alert').textContent).toBe(MSG.loginFailed);
    const email = screen.getByLabelText('E-Mail');
    expectRefused(email, ACCOUNT_FIELD_MSG.emailRequired);
    expectRefused(screen.getByLabelText('Passwort'), ACCOUNT_FIELD_MSG.passwordRequired);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('When the server refuses the sign-in, then its message is the summary and no field is marked', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ data: null, error: { status: 400, name: 'ValidationError', message: MSG.loginFailed } }),
        { status: 400 },
      ),
    );
    renderAt('/login', <LoginPage />);
    await user.type(screen.getByLabelText('E-Mail'), 'anna@example.at');
    await user.type(screen.getByLabelText('Passwort'), 'falsch123');
    await user.click(screen.getByRole('button', { name: 'Einloggen' }));

    expect((await screen.findByRole('alert')).textContent).toBe(MSG.loginFailed);
    expectAccepted(screen.getByLabelText('E-Mail'));
    expectAccepted(screen.getByLabelText('Passwort'));
  });
});

describe('Forgot password', () => {
  it('When the address is no address, then the field says so, the summary keeps the page’s text and nothing is sent', async () => {
    const user = userEvent.setup();
    renderAt('/forgot-password', <ForgotPasswordPage />);
    const email = screen.getByLabelText('E-Mail');
    await user.type(email, 'keine-adresse');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));

    expect(screen.getByRole('alert').textContent).toBe(MSG.forgotUnknownEmail);
    expectRefused(email, ACCOUNT_FIELD_MSG.emailInvalid);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Reset password', () => {
  it('When it is sent empty, then both fields are marked, the summary is the spec’s mismatch and focus is on the new password', async () => {
    const user = userEvent.setup();
    renderAt('/reset-password/abc123', <ResetPasswordPage />, '/reset-password/:code');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));

    expect(screen.getByRole('alert').textContent).toBe(MSG.resetPasswordsDiffer);
    const password = screen.getByLabelText('Neues Passwort');
    expectRefused(password, ACCOUNT_FIELD_MSG.newPasswordRequired);
    expectRefused(screen.getByLabelText('Neues Passwort wiederholen'), ACCOUNT_FIELD_MSG.passwordRepeatRequired);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(fetchMock).not.toHaveBeenCalled();

    // Both right: every message and the summary are gone before the next submit.
    await user.type(password, 'zurueckgesetzt1');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'zurueckgesetzt1');
    expectAccepted(password);
    expectAccepted(screen.getByLabelText('Neues Passwort wiederholen'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
