import type { Page } from '@playwright/test';
import { withCookieConsent } from './cookie-consent.ts';
import { expect, test } from './fixtures.ts';
import { expectNoViolations } from './helpers.ts';
import { DEMO, openAs } from './session.ts';
import { routes } from '../../src/shared/routes/table.ts';

/**
 * Nothing broken on screen (issue 23 §6): every route a visitor and the demo customers of each status reach, at 320,
 * 390, 768 and 1280 px wide, with no horizontal overflow of the page, no clipped text (an ellipsis or a hidden
 * overflow cutting a label, a placeholder wider than its field, a row of tabs scrolling sideways), and no axe
 * violation at 390 px on the pages no other browser test runs axe on. The widths are checked on the loaded page by resizing it (one load per route, to keep the run
 * short); the seeded demo customers are only read, never changed.
 */

const WIDTHS = [320, 390, 768, 1280] as const;

/** What is broken on the page at its current width, in words a failure message can show. */
function problemsOnPage(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().replace(/\s+/g, '.')}` : ''} «${(element.textContent ?? '').trim().slice(0, 40)}»`;
  if (root.scrollWidth > root.clientWidth + 1) {
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 3)
      .map(describe);
    problems.push(`the page is ${root.scrollWidth}px wide in ${root.clientWidth}px: ${wide.join(', ')}`);
  }
  const hidden = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const box = node.getBoundingClientRect();
      if (style.display === 'none' || style.visibility === 'hidden') return true;
      // Visually hidden helpers (1 px, clipped) are read by screen readers on purpose.
      if (box.width <= 1 || box.height <= 1 || (style.clip && style.clip !== 'auto')) return true;
      if (style.clipPath && style.clipPath !== 'none') return true;
    }
    return false;
  };
  const measure = document.createElement('canvas').getContext('2d');
  for (const element of document.querySelectorAll('main *, header *')) {
    if (hidden(element)) continue;
    const style = getComputedStyle(element);
    const text = (element.textContent ?? '').trim();
    const cuts = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
    if (cuts && text && element.scrollWidth > element.clientWidth + 1) problems.push(`clipped ${describe(element)}`);
    const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
    if (scrolls && !element.querySelector('table') && element.scrollWidth > element.clientWidth + 1) {
      problems.push(`scrolls sideways ${describe(element)}`);
    }
    if (
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
      element.placeholder &&
      measure
    ) {
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (measure.measureText(element.placeholder).width > room + 1) {
        problems.push(`placeholder cut «${element.placeholder}»`);
      }
    }
  }
  return problems;
}

async function expectWhole(page: Page, label: string): Promise<void> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    // Two frames: the resize is laid out and painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const problem of await page.evaluate(problemsOnPage)) found.push(`${width}px: ${problem}`);
  }
  expect(found, `${label} at ${WIDTHS.join('/')} px`).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The page has loaded what it shows: its heading, and no spinner left. */
async function loaded(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test.beforeEach(({ context }) => withCookieConsent(context));
test.use({ viewport: { width: 390, height: 844 } });

test('a visitor: the public pages fit every width, with nothing cut', async ({ page }) => {
  for (const [path, heading] of [
    ['/', /Solicita tu préstamo/],
    ['/login', routes.login.title],
    [routes.register.path, routes.register.title],
    ['/como-funciona', routes.howItWorks.title],
    ['/miniprestamos', routes.miniLoans.title],
    ['/contactanos', routes.contactUs.title],
  ] as const) {
    await page.goto(path);
    await loaded(page, heading);
    await expectWhole(page, path);
  }
});

test('customers of each status: their pages fit every width, with nothing cut, and pass axe at 390 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // [customer, path (or the path of the customer's running loan), heading, axe here too (the pages no other browser
  // test runs axe on)]
  type Path = string | ((loanId: number) => string);
  const visits: [string, Path, string | RegExp, boolean][] = [
    [DEMO.registered, '/bank-credentials', routes.bankCredentials.title, false],
    [DEMO.registered, '/account', routes.account.title, false],
    [DEMO.systemApproved, '/loan-request', routes.loanRequest.title, false],
    [DEMO.systemApproved, '/financial-info/add-card', routes.financialInfoAddCard.title, true],
    [DEMO.securityCheckedDueIn3Days, '/dashboard', routes.dashboard.title, false],
    [DEMO.securityCheckedDueIn3Days, '/credit-history', routes.creditHistory.title, true],
    [DEMO.securityCheckedDueIn3Days, '/financial-info/active-cards', routes.financialInfoActiveCards.title, true],
    [
      DEMO.securityCheckedDueIn3Days,
      (loanId) => `/payment/pay/debit-card/${loanId}?paymentOption=firstNotPaidInstallment`,
      routes.payment.title,
      false,
    ],
    [DEMO.securityCheckedDueIn3Days, (loanId) => `/rollover/${loanId}`, routes.rollover.title, false],
    [DEMO.securityCheckedDueIn3Days, (loanId) => `/payment-reason?loanId=${loanId}`, routes.paymentReason.title, true],
    [DEMO.overdue, '/dashboard', routes.dashboard.title, true],
    [DEMO.overdue, (loanId) => `/restructure/${loanId}`, routes.restructure.title, false],
    ['600000008', '/dashboard', routes.dashboard.title, true],
  ];
  let phone: string | null = null;
  let page: Page | null = null;
  let loanId = 0;
  try {
    for (const [customer, pathOf, heading, axe] of visits) {
      if (customer !== phone) {
        await page?.context().close();
        const context = await browser.newContext({
          locale: 'es-ES',
          timezoneId: 'Europe/Madrid',
          viewport: { width: 390, height: 844 },
        });
        await withCookieConsent(context);
        page = await context.newPage();
        const session = await openAs(page, '/', customer);
        const answer = await page.request.get('/api/loan/customerLoansByStatus?statuses=issued', {
          headers: { authorization: `Bearer ${session.token}`, 'x-member-id': String(session.memberId) },
        });
        loanId = ((await answer.json()) as { data?: { id: number }[] }).data?.[0]?.id ?? 0;
        phone = customer;
      }
      const path = typeof pathOf === 'string' ? pathOf : pathOf(loanId);
      await page!.goto(path);
      await loaded(page!, heading);
      await expectWhole(page!, `${path} as ${customer}`);
      if (axe) await expectNoViolations(page!, `${path} as ${customer}`);
    }
  } finally {
    await page?.context().close();
  }
});
