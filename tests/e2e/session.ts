import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PIN } from '../../src/server/db/seed/demo-customers.ts';

/**
 * Sessions for browser tests, through the real API: LoginPost with a seeded demo customer (PIN 1234), then the app
 * opened with the `jwt` query parameter, which its start-up turns into a stored session (first document §4).
 */

/** Demo customers seeded in every e2e server (README). */
export const DEMO = {
  registered: '600000003',
  systemApproved: '600000004',
  securityCheckedDueIn3Days: '600000005',
  overdue: '600000006',
  declined: '600000007',
  dueToday: '600000010',
} as const;

export interface DemoSession {
  token: string;
  memberId: number;
  fullName: string;
  twoLetterName: string;
}

export async function loginAs(request: APIRequestContext, phone: string): Promise<DemoSession> {
  const response = await request.post('/api/membership/login', {
    data: { phoneNumber: phone, password: DEMO_PIN, rememberMe: false, countryCode: '+34' },
  });
  if (!response.ok()) throw new Error(`login of ${phone} failed: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as {
    data: { token: string; customerDetails: { id: number; fullName: string; twoLetterName: string } };
  };
  return {
    token: data.token,
    memberId: data.customerDetails.id,
    fullName: data.customerDetails.fullName,
    twoLetterName: data.customerDetails.twoLetterName,
  };
}

/** Opens `path` logged in as the demo customer and waits until start-up has finished (the account area shows). */
export async function openAs(page: Page, path: string, phone: string): Promise<DemoSession> {
  const session = await loginAs(page.request, phone);
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${separator}jwt=${encodeURIComponent(session.token)}`);
  await page.locator('.header-client-area').waitFor();
  return session;
}

/** The server revokes the token (as a logout elsewhere would). */
export async function revoke(request: APIRequestContext, session: DemoSession): Promise<void> {
  const response = await request.post('/api/membership/logout', {
    headers: { authorization: `Bearer ${session.token}`, 'x-member-id': String(session.memberId) },
  });
  if (!response.ok()) throw new Error(`logout failed: ${response.status()}`);
}
