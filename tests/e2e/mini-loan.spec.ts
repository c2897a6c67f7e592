import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MINI_DEMO_CUSTOMERS } from '../../src/server/db/seed/demo-customers-mini.ts';
import { DEMO_PIN } from '../../src/server/db/seed/demo-customers.ts';
import { expect, test } from './fixtures.ts';
import { fillCard, photo } from './cards.ts';
import { approvedCustomer, openWith, sessionHeaders } from './customers.ts';
import { fillLogin, tick } from './helpers.ts';
import { openAs } from './session.ts';

/**
 * The minipréstamo after its payout, as a customer uses it, in a real browser against the real server (README "Demo
 * customers" 600000012–600000014; docs/rules/pricing-and-quotes.md, docs/rules/payments.md "Rollover"). The seeded demo
 * customers are only read (their dashboards and header); the journeys that move money (a repayment, a Prórroga) use a
 * customer of their own with the very same loan (`POST /sandbox/customers` with the demo's `mini` loan), so the demo
 * customers keep their states for every other test and a retry. Every figure and date expected here is computed from
 * the rules, not copied from the page: 0,75 % of the principal a day, the 0 % lapsing the day after the date, the
 * Prórroga's window of working days from 7 to 30 days ahead, an on-time repayment growing the limits.
 */

// ── the rules, restated independently of the app's code ──────────────────────────────────────────────────────────

/** The minipréstamo's price: 0,75 % of the principal a day, in cents (300 € × 0,75 % = 2,25 € a day). */
const miniInterestCents = (principalCents: number, days: number) => Math.round(principalCents * 0.0075 * days);
/**
 * The minipréstamo limit of an approved customer starts at 300 € and grows with each loan repaid on time (README
 * "Minipréstamo rules", the RTB rule): +100 € the minipréstamo's, +1.000 € the instalment loan's.
 */
const MINI_LIMIT_START_EUROS = 300;
const MINI_LIMIT_STEP_EUROS = 100;
const LIMIT_STEP_EUROS = 1000;
/** The Prórroga's new dates: working days from max(today, date) + 7 to + 30 days (docs/rules/payments.md). */
const ROLLOVER_WINDOW = { minDays: 7, maxDays: 30 };

const DAY_MS = 86_400_000;
const todayInMadrid = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .slice(0, 10);
const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const addDays = (iso: string, days: number) => new Date(utc(iso) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((utc(to) - utc(from)) / DAY_MS);
/** 2026-12-07 → 07/12/2026, as the app shows dates. */
const shown = (iso: string) => iso.split('-').reverse().join('/');
/** 32475 → '324,75 €' (thousands with '.', as the app's formatMoney; Playwright reads its no-break space as a space). */
const money = (cents: number) =>
  `${String(Math.trunc(cents / 100)).replace(/\B(?=(\d{3})+$)/g, '.')},${String(cents % 100).padStart(2, '0')} €`;

/** Good Friday of a year (Gregorian Easter, the anonymous algorithm, minus 2 days). */
function goodFriday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((8 * b + 13) / 25)) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return addDays(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, -2);
}

/** Spain's national holidays (BOE: the ones of the whole country) of the years around a date. */
function nationalHolidays(iso: string): Set<string> {
  const year = Number(iso.slice(0, 4));
  const fixed = ['01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'];
  return new Set([year, year + 1].flatMap((y) => [...fixed.map((monthDay) => `${y}-${monthDay}`), goodFriday(y)]));
}

const isWorkingDay = (iso: string, holidays: Set<string>) => {
  const weekday = new Date(utc(iso)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(iso);
};

// ── the customers ─────────────────────────────────────────────────────────────────────────────────────────────────

const demo = (phone: string) => {
  const customer = MINI_DEMO_CUSTOMERS.find((candidate) => candidate.phone === phone);
  if (!customer) throw new Error(`no demo customer ${phone}`);
  return customer;
};
const DUE_IN_3_DAYS = demo('600000012');
const TWO_DAYS_LATE = demo('600000013');
const RTB_500 = demo('600000014');

interface SandboxCustomer {
  phone: string;
  customerId: number;
  loanIds: number[];
}

/** A customer of the test's own holding the demo customer's minipréstamo, with the card that asks for 3-D Secure. */
async function copyOf(request: APIRequestContext, phone: string): Promise<SandboxCustomer & { loanId: number }> {
  const { loans, creditLimitEuros } = demo(phone);
  const response = await request.post('/sandbox/customers', {
    data: { creditLimitEuros, card: 'challenge', loans },
  });
  expect(response.status(), await response.text()).toBe(200);
  const customer = ((await response.json()) as { data: SandboxCustomer }).data;
  return { ...customer, loanId: customer.loanIds[0]! };
}

/**
 * The day the demo customers were seeded: their loans' dates count from it (a run that passes midnight in Madrid
 * between the server's start and a test still reads the same loans).
 */
async function seedDayOf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/sandbox/seed');
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { seedDay: string | null } };
  expect(data.seedDay).not.toBeNull();
  return data.seedDay!;
}

const summaryOf = (page: Page, loanId?: number) =>
  page.getByRole('region', { name: new RegExp(`TU DEUDA ACTUAL.*${loanId ?? ''}`) });
const debtOf = (summary: Locator) => summary.locator('.dashboard-summary-debt');
const lateNotice = (page: Page) => page.getByRole('region', { name: 'Tienes una cuota vencida' });
/** The value of a term in a definition list (`<dt>` then `<dd>`). */
const factOf = (scope: Locator, term: string) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');

async function authorise3ds(page: Page): Promise<void> {
  await expect(page.getByRole('dialog', { name: 'Verificación 3-D Secure' })).toBeVisible({ timeout: 20_000 });
  await page.frameLocator('iframe[title="Verificación 3-D Secure"]').getByRole('button', { name: 'Autorizar' }).click();
}

// ── the seeded demo customers, read only ─────────────────────────────────────────────────────────────────────────

test('600000012 logs in and reads its 0 % minipréstamo: one repayment of 300 € in 3 days, Pagar and no Prórroga', async ({
  page,
}) => {
  const [loan] = DUE_IN_3_DAYS.loans;
  expect(loan?.mini?.interestFree).toBe(true);
  const dueDate = addDays(await seedDayOf(page.request), loan!.firstUnpaidDueInDays);
  await page.goto('/login');
  await fillLogin(page, DUE_IN_3_DAYS.phone, DEMO_PIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  const summary = summaryOf(page);
  await expect(summary).toHaveCount(1);
  // The whole debt is the principal: 0 % and not late.
  await expect(debtOf(summary)).toHaveText(money(loan!.amountEuros * 100));
  await expect(factOf(summary, 'Próximo pago')).toHaveText(shown(dueDate));
  await expect(factOf(summary, 'Importe del préstamo')).toHaveText(money(loan!.amountEuros * 100));
  await expect(factOf(summary, 'Cuotas')).toHaveText('0 de 1 pagadas');
  await expect(factOf(summary, 'Estado')).toHaveText('Activo');
  await expect(summary.getByRole('link', { name: 'Pagar', exact: true })).toBeVisible();
  // 3 days before its date a single repayment is inside the Prórroga's days, but a 0 % loan owes no interest to pay
  // for it before the date: closing it costs what was lent, so there is nothing to extend.
  await expect(summary.getByRole('link', { name: 'Prórroga' })).toHaveCount(0);
  await expect(lateNotice(page)).toHaveCount(0);
});

test('600000013, 2 days late: the 0 % lapsed (300 € + 0,75 % × 20 days = 345 €), late is said and Prórroga offered', async ({
  page,
}) => {
  const [loan] = TWO_DAYS_LATE.loans;
  const principal = loan!.amountEuros * 100;
  const owed = principal + miniInterestCents(principal, loan!.mini!.termDays);
  expect(owed).toBe(34_500);
  const seedDay = await seedDayOf(page.request);
  const dueDate = addDays(seedDay, loan!.firstUnpaidDueInDays);
  // 2 days late on the seeding day, one more for each midnight passed since.
  const daysLate = -loan!.firstUnpaidDueInDays + (utc(todayInMadrid()) - utc(seedDay)) / DAY_MS;
  await openAs(page, '/dashboard', TWO_DAYS_LATE.phone);
  const summary = summaryOf(page);
  await expect(debtOf(summary)).toHaveText(money(owed));
  await expect(factOf(summary, 'Pago vencido')).toHaveText(`Venció el ${shown(dueDate)}`);
  await expect(factOf(summary, 'Estado')).toHaveText('No pagado');
  await expect(lateNotice(page)).toContainText(`Venció el ${shown(dueDate)}: llevas ${daysLate} días de retraso.`);
  await expect(lateNotice(page)).toContainText(`Importe vencido: ${money(owed)}`);
  await expect(summary.getByRole('link', { name: 'Pagar', exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Prórroga' })).toBeVisible();
});

test("600000014, an RTB whose minipréstamo limit grew to 500 €: 'TU LÍMITE' with 'Minipréstamo 500,00 €'", async ({
  page,
}) => {
  await openAs(page, '/dashboard', RTB_500.phone);
  await expect(page.getByText('No tienes ningún préstamo activo')).toBeVisible();
  await expect(page.getByTestId('offer-banner')).toHaveText(
    `TU LÍMITE ${money(RTB_500.creditLimitEuros * 100)} · Minipréstamo ${money(RTB_500.miniLimitEuros! * 100)}`,
  );
  expect(RTB_500.miniLimitEuros).toBe(500);
});

// ── the journeys, on a copy of the demo customer's loan ──────────────────────────────────────────────────────────

test('the 0 % minipréstamo repaid on time by card with 3-D Secure: success, the loan repaid, the limits grown', async ({
  page,
}) => {
  const customer = await copyOf(page.request, DUE_IN_3_DAYS.phone);
  const [loan] = DUE_IN_3_DAYS.loans;
  const principal = loan!.amountEuros * 100;
  const today = todayInMadrid();
  const dueDate = addDays(today, loan!.firstUnpaidDueInDays);
  await openAs(page, '/dashboard', customer.phone);
  const summary = summaryOf(page, customer.loanId);
  await expect(debtOf(summary)).toHaveText(money(principal));
  await expect(factOf(summary, 'Próximo pago')).toHaveText(shown(dueDate));
  // A running loan: no 'TU LÍMITE' banner yet.
  await expect(page.getByTestId('offer-banner')).toHaveCount(0);
  await summary.getByRole('link', { name: 'Pagar', exact: true }).click();

  await expect(page).toHaveURL(
    new RegExp(`/payment/pay/debit-card/${customer.loanId}/\\d+\\?paymentOption=firstNotPaidInstallment$`),
  );
  await expect(page.getByText(`Cuota 1 de 1, vence el ${shown(dueDate)}: ${money(principal)}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: /3220/ })).toBeChecked();
  await page.getByRole('button', { name: `Pagar ${money(principal)}` }).click();
  await authorise3ds(page);

  await expect(page).toHaveURL(
    new RegExp(`/payment/success/firstNotPaidInstallment\\?loanId=${customer.loanId}&paymentId=\\d+$`),
    { timeout: 20_000 },
  );
  await expect(page.getByRole('heading', { name: '¡Pago realizado!', level: 1 })).toBeVisible();
  const facts = page.locator('.payment-success-facts');
  await expect(factOf(facts, 'Has pagado')).toHaveText(money(principal));
  await expect(factOf(facts, 'Te queda por pagar')).toHaveText('Préstamo pagado');
  // Repaid on its date: the limits grew (+1.000 €, minipréstamo +100 €), and the header says so at once.
  const miniLimit = (DUE_IN_3_DAYS.miniLimitEuros ?? MINI_LIMIT_START_EUROS) + MINI_LIMIT_STEP_EUROS;
  const limit = DUE_IN_3_DAYS.creditLimitEuros + LIMIT_STEP_EUROS;
  await expect(page.getByTestId('offer-banner')).toHaveText(
    `TU LÍMITE ${money(limit * 100)} · Minipréstamo ${money(miniLimit * 100)}`,
  );

  await page.getByRole('link', { name: 'Volver a mi área de clientes' }).click();
  await expect(page.getByText('No tienes ningún préstamo activo')).toBeVisible();
  await expect(summaryOf(page)).toHaveCount(0);

  await page.goto('/credit-history');
  const history = page.locator('main');
  await expect(history.getByText('Pagado', { exact: true }).first()).toBeVisible();
  await expect(history.getByText('Pagada', { exact: true })).toBeVisible();
  await expect(history.getByText(`${shown(today)} · ${money(principal)} · Tarjeta`)).toBeVisible();
});

test('the lapsed minipréstamo extended with Prórroga and a 3-D Secure card: 45 € today, the new date and its price', async ({
  page,
}) => {
  const customer = await copyOf(page.request, TWO_DAYS_LATE.phone);
  const [loan] = TWO_DAYS_LATE.loans;
  const principal = loan!.amountEuros * 100;
  const today = todayInMadrid();
  const currentDate = addDays(today, loan!.firstUnpaidDueInDays);
  // Paid today: the instalment's interest, the standard price of its term now that the 0 % lapsed.
  const chargeToday = miniInterestCents(principal, loan!.mini!.termDays);
  expect(chargeToday).toBe(4_500);
  // The new dates: working days from max(today, date) + 7 to + 30.
  const start = currentDate > today ? currentDate : today;
  const holidays = nationalHolidays(start);
  const expectedDates: string[] = [];
  for (let offset = ROLLOVER_WINDOW.minDays; offset <= ROLLOVER_WINDOW.maxDays; offset += 1) {
    const date = addDays(start, offset);
    if (isWorkingDay(date, holidays)) expectedDates.push(date);
  }

  await openAs(page, '/dashboard', customer.phone);
  const summary = summaryOf(page, customer.loanId);
  await expect(debtOf(summary)).toHaveText(money(principal + chargeToday));
  await summary.getByRole('link', { name: 'Prórroga' }).click();
  await expect(page).toHaveURL(new RegExp(`/rollover/${customer.loanId}$`));
  await expect(page.getByRole('heading', { name: 'Prórroga', level: 1 })).toBeVisible();

  const select = page.getByLabel('Nueva fecha de pago');
  await expect(select.locator('option').first()).toBeAttached();
  expect(
    await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
  ).toEqual(expectedDates);
  // A date two weeks or so ahead, not the first one offered: the price follows the chosen date.
  const newDate = expectedDates[Math.min(5, expectedDates.length - 1)]!;
  await select.selectOption(newDate);
  const days = daysBetween(currentDate, newDate);
  const newInterest = miniInterestCents(principal, days);
  const newTotal = principal + newInterest;

  const rollover = page.locator('dl', { has: page.getByText('Pagas hoy (intereses de prórroga)') });
  await expect(factOf(rollover, 'Fecha de pago actual')).toHaveText(shown(currentDate));
  await expect(factOf(rollover, 'Nueva fecha de pago')).toHaveText(shown(newDate));
  await expect(factOf(rollover, 'Pagas hoy (intereses de prórroga)')).toHaveText(money(chargeToday));
  await expect(factOf(rollover, 'Capital que pasa a la nueva fecha')).toHaveText(money(principal));
  await expect(factOf(rollover, 'Intereses hasta la nueva fecha')).toHaveText(money(newInterest));
  await expect(factOf(rollover, 'Importe a pagar en la nueva fecha')).toHaveText(money(newTotal));

  await expect(page.getByRole('radio', { name: /3220/ })).toBeChecked();
  await page.getByRole('button', { name: `Pagar ${money(chargeToday)} y prorrogar` }).click();
  await authorise3ds(page);

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText(`¡Prórroga realizada! Tu nueva fecha de pago es el ${shown(newDate)}.`)).toBeVisible();
  await expect(debtOf(summary)).toHaveText(money(newTotal));
  await expect(factOf(summary, 'Próximo pago')).toHaveText(shown(newDate));
  await expect(factOf(summary, 'Estado')).toHaveText('Activo');
  // Still one repayment: the rolled-over one was replaced.
  await expect(factOf(summary, 'Cuotas')).toHaveText('0 de 1 pagadas');
  await expect(lateNotice(page)).toHaveCount(0);
  // The new date is at least 7 days ahead, past the Prórroga's 5 days before the date: not offered again yet.
  await expect(summary.getByRole('link', { name: 'Prórroga' })).toHaveCount(0);

  await page.goto('/credit-history');
  await expect(
    page.getByText(`${shown(today)} · ${money(chargeToday)} · Intereses de prórroga · Tarjeta`),
  ).toBeVisible();
  await expect(page.getByText('Prorrogada', { exact: true })).toBeVisible();
});

// ── taking one: the request's seven steps, the agreement, the payout and the repayment ────────────────────────────

test('a first-time customer takes 300 € at 0 %: the request starts as a minipréstamo, the pre-contract information says 0 % and 300 €, payout, then repaid by card', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const customer = await approvedCustomer(page.request);
  await openWith(page, '/loan-request', customer);
  await expect(page).toHaveURL(/\/loan-request\?l=[\w-]+$/);
  // A new flow is the spec's default one (100 €, one date 30 days ahead), which is a minipréstamo.
  await expect(page.getByRole('radio', { name: 'Minipréstamo' })).toBeChecked();
  const amounts = page.getByRole('group', { name: 'Importe del préstamo' });
  await expect(amounts.getByRole('radio', { name: '100 €' })).toBeChecked();
  // A first loan's minipréstamo limit is 300 €: 100 to 300 by 50.
  await expect(amounts.getByRole('radio')).toHaveCount(5);
  await amounts.getByRole('radio', { name: '300 €' }).check();

  const today = todayInMadrid();
  const holidays = nationalHolidays(today);
  let dueDate = addDays(today, 30);
  while (!isWorkingDay(dueDate, holidays)) dueDate = addDays(dueDate, 1);
  await expect(page.getByTestId('banner-firstRepaymentDate')).toHaveText(`Pagarás el ${shown(dueDate)}...`);
  await expect(page.getByTestId('banner-installment')).toHaveText('Devolverás tu minipréstamo en un solo pago...');
  const summary = page.locator('dl.loan-summary');
  await expect(factOf(summary, 'Intereses totales')).toHaveText(money(0));
  await expect(factOf(summary, 'Total a devolver')).toHaveText(money(30_000));
  // What it costs if not repaid on the date: 300 € × 0,75 % × the days to it.
  const lapsed = miniInterestCents(30_000, daysBetween(today, dueDate));
  await expect(page.locator('.loan-interest-free')).toContainText(
    `${money(lapsed)} de intereses, ${money(30_000 + lapsed)} en total`,
  );
  await tick(page, 'ACEPTAR TODO');

  const requested = page.waitForResponse((response) => response.url().includes('/api/loan/requestLoan'));
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const answer = await requested;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({ loanProduct: 'mini', product: 300, installment: 1 });

  // The pre-contract information (SECCI) of this exact offer: a single payment of 300 € and the 0 %.
  const agreement = page.getByRole('dialog', { name: 'Tu contrato de préstamo' });
  await expect(agreement).toBeVisible({ timeout: 20_000 });
  const document = agreement.frameLocator('iframe').first();
  await expect(document.getByText('Información normalizada europea sobre el crédito al consumo').first()).toBeVisible();
  await expect(document.getByText(`Un solo pago de ${money(30_000)} el ${shown(dueDate)}.`)).toBeVisible();
  await expect(document.getByText(/^Primer préstamo sin intereses/).first()).toBeVisible();
  await expect(document.getByText(/0,00\s%/).first()).toBeVisible();
  await agreement.getByRole('button', { name: 'Ver el contrato' }).click();
  await agreement.getByRole('button', { name: 'Acepto' }).click();

  await expect(page).toHaveURL(/\/documents\?l=[\w-]+$/, { timeout: 20_000 });
  await page
    .getByLabel('DNI/NIE: parte delantera: Elegir archivo')
    .setInputFiles({ name: 'dni-delante.jpg', mimeType: 'image/jpeg', buffer: await photo(page, 'DELANTE') });
  await page
    .getByLabel('DNI/NIE: parte trasera: Elegir archivo')
    .setInputFiles({ name: 'dni-detras.jpg', mimeType: 'image/jpeg', buffer: await photo(page, 'DETRÁS') });
  await page.getByRole('button', { name: 'Enviar documentos' }).click();
  await expect(page).toHaveURL(/\/financial-info\/add-card\?l=[\w-]+$/, { timeout: 20_000 });
  await fillCard(page, '4000000000003220');
  await page.getByRole('button', { name: `Recibir mis ${money(30_000)}` }).click();
  await authorise3ds(page);
  await expect(page).toHaveURL(/\/loan-request\/success\?l=[\w-]+$/, { timeout: 20_000 });

  // The payout job issues it: one instalment of 300 € on the date, nothing of interest.
  await expect
    .poll(
      async () => {
        const loans = await page.request.get('/api/loan/customerLoansByStatus?statuses=issued', {
          headers: sessionHeaders(customer),
        });
        const { data } = (await loans.json()) as {
          data: { loanAmount: number; installments: { expectedDate: string; totalPayment: number }[] }[];
        };
        return data.map((loan) => [loan.loanAmount, loan.installments.map((i) => [i.expectedDate, i.totalPayment])]);
      },
      { timeout: 20_000 },
    )
    .toEqual([[300, [[dueDate, 300]]]]);

  // Repaid before its date from the dashboard, by the card just added: 300 €, no interest.
  await page.goto('/dashboard');
  const debt = summaryOf(page);
  await expect(debtOf(debt)).toHaveText(money(30_000), { timeout: 20_000 });
  await expect(debt.getByText('0 de 1 pagadas')).toBeVisible();
  await debt.getByRole('link', { name: 'Pagar', exact: true }).click();
  await page.getByRole('button', { name: `Pagar ${money(30_000)}` }).click();
  await authorise3ds(page);
  await expect(page.getByRole('heading', { name: '¡Pago realizado!', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(factOf(page.locator('.payment-success-facts'), 'Te queda por pagar')).toHaveText('Préstamo pagado');
});
