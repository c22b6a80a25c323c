import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Interview, Introduction, RoleType } from '@pb/core';
import type { Session } from '../lib/session';
import { json, renderWithFeedback } from './harness';
import { detailOf } from './introductions';
import { Component as IntroductionDetailPage } from '../features/introductions/IntroductionDetailPage';

/**
 * The introduction page of no. 12 with its interviews, as the interview tests open it (test files
 * only): the side signed in, the server's answers and the requests the page sent.
 */

export function sessionOf(role: RoleType): Session {
  return {
    token: 'token',
    userId: 1,
    username: role === 'company' ? 'Eva Berger' : 'Karl Huber',
    email: 'user@example.at',
    role,
    organisation:
      role === 'company'
        ? {
            memberId: 7,
            organisationId: 2,
            organisationName: 'Muster Gastro GmbH',
            kind: 'company',
            role: 'administrator',
          }
        : {
            memberId: 8,
            organisationId: 3,
            organisationName: 'Alpha Personal GmbH',
            kind: 'agency',
            role: 'administrator',
          },
  };
}

export type Answer = (body: unknown) => Promise<Response>;

/**
 * The server: the introduction and its interviews, the agency's verification, and `writes` by
 * 'METHOD path' (their answers in order).
 */
export function serveInterviews(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  introduction: Introduction,
  interviews: Interview[],
  writes: Record<string, Answer[]> = {},
) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/introductions/12') return json(detailOf(introduction));
    if (method === 'GET' && url === '/api/introductions/12/interviews') return json({ data: interviews, meta: {} });
    if (url === '/api/organisations/3/verification') return json({ data: { verified: false, checks: [] } });
    const next = writes[`${method} ${url}`]?.shift();
    if (next) return next(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
    return Promise.reject(new Error(`no request expected: ${method} ${url}`));
  });
}

/** The writes the page sent: 'METHOD path' and the JSON body. */
export function writesOf(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
    .map(([input, init]) => ({
      request: `${init?.method} ${String(input)}`,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

export async function openIntroduction() {
  renderWithFeedback(
    <Routes>
      <Route path="/advertisements/introductions/:id" element={<IntroductionDetailPage />} />
    </Routes>,
    '/advertisements/introductions/12',
  );
  await screen.findByRole('heading', { name: 'Vorstellung Nr. 12' });
  return userEvent.setup();
}
