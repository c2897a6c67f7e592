import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { computePaymentDates } from '../../src/shared/loan/payment-dates.ts';
import { firstRepaymentWindow } from '../../src/shared/loan/repayment-window.ts';
import { todayInMadrid } from '../../src/shared/madrid-today.ts';
import { UNSUBSCRIBE_TEXTS } from '../../src/shared/messages-identity.ts';
import { routes } from '../../src/shared/routes/table.ts';
import { fillCard, photo } from './cards.ts';
import { withCookieConsent } from './cookie-consent.ts';
import { approvedCustomer, sessionHeaders, type OwnCustomer } from './customers.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, openAs } from './session.ts';

/**
 * Repay short links (/r/, /rx/, /rs/ with the seeded demo tokens `demo-<phone>`) land where the first document §4
 * table says; the unsubscribe link (a sandbox link of a demo customer) thanks after its 1 s wait.
 */

const LOGIN_CALL = /\/api\/membership\/loginWithRepayToken\//;
const EXTERNAL_COLLECTION = '600000008';

async function expectNoViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

// The first visit's cookie consent modal (another feature) is decided beforehand: these tests are about the links.
test.beforeEach(({ context }) => withCookieConsent(context));

test.describe('repay short links', () => {
  for (const [link, phone, destination, title] of [
    ['/r', DEMO.systemApproved, '/loan-request', routes.loanRequest.title],
    ['/rx', DEMO.registered, '/bank-credentials', routes.bankCredentials.title],
    ['/rs', DEMO.securityCheckedDueIn3Days, '/dashboard', routes.dashboard.title],
  ] as const) {
    test(`a visitor opening ${link}/demo-${phone} is logged in and lands on ${destination}`, async ({ page }) => {
      const logins: string[] = [];
      page.on('request', (request) => {
        if (LOGIN_CALL.test(request.url())) logins.push(request.method());
      });
      await page.goto(`${link}/demo-${phone}`);
      // The loan-flow screens add their saved flow's `l` (second document §4).
      await expect(page).toHaveURL(new RegExp(`${destination}(\\?l=[\\w-]+)?$`), { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('.header-client-area')).toBeVisible();
      expect(logins).toEqual(['POST']);
      // The link is replaced in the history: going back does not open it again.
      await page.goBack();
      await expect(page).not.toHaveURL(new RegExp(`${link}/`));
    });
  }

  test('an unknown token goes home with the server message, logged out', async ({ page }) => {
    await page.goto('/r/este-enlace-no-existe');
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    await expect(page.getByText('El enlace no es válido o ha caducado.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Inicia sesión' })).toBeVisible();
  });

  test('a customer already logged in is only navigated: no second login', async ({ page }) => {
    await openAs(page, '/', DEMO.systemApproved);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (LOGIN_CALL.test(request.url())) logins.push(request.url());
    });
    await page.goto(`/r/demo-${DEMO.systemApproved}`);
    await expect(page).toHaveURL(/\/loan-request(\?l=[\w-]+)?$/, { timeout: 15_000 });
    expect(logins).toEqual([]);
  });

  test('the page shown while the link is checked has no accessibility violations', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(LOGIN_CALL, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/r/demo-${DEMO.systemApproved}`);
    await expect(page.getByRole('heading', { level: 1, name: routes.shortLink.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Estamos comprobando tu enlace' })).toBeVisible();
    await expectNoViolations(page, 'the repay link page');
    release();
    await expect(page).toHaveURL(/\/loan-request(\?l=[\w-]+)?$/, { timeout: 15_000 });
  });
});

test.describe('repay link destinations, followed as the customer moves through the loan (first document §4 table)', () => {
  const headersOf = (customer: OwnCustomer) => sessionHeaders(customer);

  /** Requests a 2.500 € loan in 12 monthly instalments through the API, as the form would, and accepts it. */
  async function requestAndAccept(request: APIRequestContext, customer: OwnCustomer): Promise<number> {
    const headers = headersOf(customer);
    const accounts = (await (await request.get('/api/bankscraper/getAccountWithBankDetails', { headers })).json()) as {
      data: { accountId: number }[];
    };
    const accountId = accounts.data[0]!.accountId;
    const holidays = ((await (await request.get('/api/loan/hollidays')).json()) as { data: string[] }).data;
    const firstRepaymentDate = firstRepaymentWindow(todayInMadrid(), holidays).defaultDate;
    const requested = await request.post(`/api/loan/requestLoan?accountId=${accountId}`, {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: {
        product: 2500,
        installment: 12,
        firstRepaymentDate,
        accountId,
        cardId: null,
        acceptCommunications: false,
        paymentDates: computePaymentDates({
          nextSalaryDate: firstRepaymentDate,
          calculateNextXDates: 12,
          paymentFrequencyLogical: 'specificDate',
        }),
      },
    });
    expect(requested.status(), await requested.text()).toBe(200);
    const loanId = ((await requested.json()) as { data: { journey: { loanDetails: { loanId: number } } } }).data.journey
      .loanDetails.loanId;
    const accepted = await request.post('/api/loan/assignAgreement', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { loanId, acceptAgreement: true },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    return loanId;
  }

  async function uploadSide(page: Page, customer: OwnCustomer, subType: 'front' | 'back'): Promise<void> {
    const uploaded = await page.request.post('/api/customer/document', {
      headers: headersOf(customer),
      multipart: {
        type: 'identity',
        subType,
        name: `dni-${subType}.jpg`,
        channel: 'website',
        document: { name: `dni-${subType}.jpg`, mimeType: 'image/jpeg', buffer: await photo(page, subType) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
  }

  /** Opens a fresh repay link of the customer (as the SMS would carry it) and waits for where it lands. */
  async function follow(page: Page, customer: OwnCustomer, destination: RegExp, title: string): Promise<void> {
    const issued = await page.request.post('/sandbox/repay-links', { data: { phone: customer.phone } });
    expect(issued.status(), await issued.text()).toBe(200);
    const { link } = ((await issued.json()) as { data: { link: string } }).data;
    await page.goto(new URL(link).pathname);
    await expect(page).toHaveURL(destination, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  test('no agreement → /loan-request; agreementAssigned with 0 and 1 documents → /documents; 2 documents and no card → add card; paid out → the dashboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const customer = await approvedCustomer(page.request);
    await follow(page, customer, /\/loan-request\?l=[\w-]+$/, routes.loanRequest.title);

    await requestAndAccept(page.request, customer);
    // The documents page needs a loan flow and the link carries none: it opens in a flow of its own.
    await follow(page, customer, /\/documents\?l=[\w-]+$/, routes.documents.title);
    await uploadSide(page, customer, 'front');
    await follow(page, customer, /\/documents\?l=[\w-]+$/, routes.documents.title);
    await uploadSide(page, customer, 'back');
    await follow(page, customer, /\/financial-info\/add-card\?l=[\w-]+$/, routes.financialInfoAddCard.title);

    // The card, added on the page the link opened: the loan is paid out (PAYOUT_DELAY_MS=0) and the customer, with
    // two documents and a card, becomes securityChecked — whose default page is the dashboard.
    await fillCard(page, '4111111111111111');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/\/loan-request\/success\?l=[\w-]+$/, { timeout: 20_000 });
    await expect
      .poll(
        async () => {
          const answer = await page.request.get('/api/membership/memberDetails', { headers: headersOf(customer) });
          return ((await answer.json()) as { data: { memberDetails: { status: string } } }).data.memberDetails.status;
        },
        { timeout: 20_000 },
      )
      .toBe('securityChecked');
    await follow(page, customer, /\/dashboard$/, routes.dashboard.title);
  });
});

test.describe('unsubscribe', () => {
  async function demoLink(page: Page): Promise<string> {
    const campaign = `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const response = await page.request.get(`/sandbox/unsubscribe-links?camp=${campaign}`);
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: { phone: string; url: string }[] };
    // The customer in external collection: the marketing prompt never shows to that status, so unsubscribing it
    // changes nothing another test sees.
    const link = data.find((item) => item.phone === EXTERNAL_COLLECTION);
    if (!link) throw new Error('no demo unsubscribe link');
    const url = new URL(link.url);
    return `${url.pathname}${url.search}`;
  }

  test('a demo customer’s link posts after 1 s and shows the thank-you (axe clean)', async ({ page }) => {
    const posts: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/communication/unsubscribe')) posts.push(Date.now());
    });
    const path = await demoLink(page);
    const opened = Date.now();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: routes.unsubscribe.title })).toBeVisible();
    await expect(page.getByText(UNSUBSCRIBE_TEXTS.success)).toBeVisible({ timeout: 10_000 });
    expect(posts).toHaveLength(1);
    expect((posts[0] ?? 0) - opened).toBeGreaterThanOrEqual(1_000);
    await expectNoViolations(page, '/unsubscribe');
  });

  test('a tampered link is refused with the server message, never thanked', async ({ page }) => {
    const path = await demoLink(page);
    await page.goto(path.replace(/key=[^&]+/, 'key=clave-falsa'));
    await expect(page.getByText('El enlace para darse de baja no es válido.')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(UNSUBSCRIBE_TEXTS.success)).toHaveCount(0);
  });

  test('a link without its parameters posts nothing and explains it', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/communication/unsubscribe')) posted = true;
    });
    await page.goto('/unsubscribe?camp=demo');
    await expect(page.getByText(/El enlace para darte de baja no está completo/)).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(posted).toBe(false);
    await expectNoViolations(page, '/unsubscribe without parameters');
  });
});
