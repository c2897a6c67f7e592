import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { BackofficeRoutes } from '../../../src/backoffice/app/routes.tsx';
import { sessionStore } from '../../../src/backoffice/lib/backoffice-session.ts';
import { SESSION_STORAGE_KEY, type StaffSession } from '../../../src/backoffice/lib/session-store.ts';
import { staffErrorCodes, type StaffErrorCodeName } from '../../../src/shared/api/staff-error-codes.ts';
import type { StaffMember } from '../../../src/shared/api/staff.ts';

/**
 * The back office's test harness: the real routes in a memory router, and a mocked `fetch` that answers each request
 * from the test's handler and records it (method, path, headers, JSON body). The session store is the app's own,
 * emptied (with `sessionStorage`) before each test.
 */

export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A JSON answer (`body`), a file's bytes (`file`, as a `file` entry answers), or no answer at all. */
export type Answer = { status: number; body?: unknown; file?: { bytes: Uint8Array; type: string } } | 'network';
export type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

export const requests: SeenRequest[] = [];
let handler: Handler = () => ({ status: 404, body: {} });

/** Answers the next requests with `next`. */
export function answer(next: Handler): void {
  handler = next;
}

export const ok = (data: unknown): Answer => ({ status: 200, body: { data } });

/** A staff error of the catalogue as the server answers it (its status, the spec's error shape). */
export function staffError(name: StaffErrorCodeName): Answer {
  const { value, status, message, title } = staffErrorCodes[name];
  return { status, body: { errors: [{ code: { name, value }, message, title }] } };
}

export const unauthorized: Answer = {
  status: 401,
  body: {
    errors: [
      {
        code: { name: 'Unauthorized', value: 401 },
        message: 'Su sesión ha caducado. Por favor ingrese nuevamente.',
        title: 'Authorization Error',
      },
    ],
  },
};

export const agent: StaffMember = {
  id: 7,
  email: 'agente@demo.prestamo.local',
  fullName: 'Lucía Agente Demo',
  role: 'cam',
  collectionCompanyId: null,
  mustChangePassword: false,
};

export const sessionOf = (staff: StaffMember = agent): StaffSession => ({
  token: 'bo_test-token',
  staff,
  expiresAt: new Date(Date.now() + 10 * 3600_000).toISOString(),
  idleSeconds: 900,
});

/** A session left in `sessionStorage` by an earlier page of this tab, read as the app reads it at start. */
export function storedSession(session: StaffSession = sessionOf()): StaffSession {
  sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  sessionStore.restore();
  return session;
}

const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(String(input), 'http://localhost');
  const request: SeenRequest = {
    method: init.method ?? 'GET',
    path: url.pathname + url.search,
    headers: { ...(init.headers as Record<string, string>) },
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
  requests.push(request);
  const reply = await handler(request);
  if (reply === 'network') throw new TypeError('Failed to fetch');
  if (reply.file)
    return new Response(reply.file.bytes as BodyInit, {
      status: reply.status,
      headers: { 'content-type': reply.file.type, 'cache-control': 'no-store' },
    });
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status: reply.status,
    headers: { 'content-type': 'application/json' },
  });
});

beforeEach(() => {
  requests.length = 0;
  handler = () => ({ status: 404, body: {} });
  sessionStore.end(null);
  sessionStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export async function renderAt(path: string): Promise<void> {
  await act(async () =>
    render(
      <MemoryRouter basename="/backoffice" initialEntries={[path]}>
        <BackofficeRoutes />
        <Location />
      </MemoryRouter>,
    ),
  );
}

/** Where the app is now (path and query, under the basename). */
export const location = (): string => screen.getByTestId('location').textContent ?? '';
