import { expect } from 'vitest';
import type { ScrapeSessionResult, WidgetInitResult } from '../../../src/shared/api/bank.ts';
import type { TestApp } from './app.ts';

/** The bank calls as the client makes them, and the sandbox widget's login as its page does. */

export async function startWidget(
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown> = { acceptTerms: true },
  extraHeaders: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/tink/WidgetInit',
    headers: { ...headers, ...extraHeaders },
    payload: body,
  });
}

export async function startedWidget(
  t: TestApp,
  headers: Record<string, string>,
  provider: 'tink' | 'unnax' = 'tink',
): Promise<WidgetInitResult> {
  const response = await startWidget(t, headers, { acceptTerms: true, provider });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: WidgetInitResult }).data;
}

export async function widgetLogin(
  t: TestApp,
  sessionId: string,
  username: string,
  password: string,
  options: { flavour?: 'tink' | 'unnax'; bankCode?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/open-banking/${options.flavour ?? 'tink'}/login`,
    payload: { session: sessionId, bankCode: options.bankCode ?? '2100', username, password },
  });
}

export async function pollSession(t: TestApp, headers: Record<string, string>, sessionId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/bankscraper/statusScraper?sessionId=${encodeURIComponent(sessionId)}`,
    headers,
  });
}

export async function polled(
  t: TestApp,
  headers: Record<string, string>,
  sessionId: string,
): Promise<ScrapeSessionResult> {
  const response = await pollSession(t, headers, sessionId);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: ScrapeSessionResult }).data;
}

export async function addManually(t: TestApp, headers: Record<string, string>, accountNumber: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bankscraper/addCustomerBankAccountManually',
    headers,
    payload: { accountNumber },
  });
}

export const errorCodeOf = (body: string) =>
  (JSON.parse(body) as { errors: Array<{ code: { name: string }; message: string }> }).errors[0];
