import { validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAccount } from '../../src/shared/api/bank.ts';
import { isValidSpanishIban } from '../../src/shared/validators/iban.ts';
import {
  bankAccounts,
  cards,
  creditDecisions,
  customers,
  customerStatusHistory,
  loans,
} from '../../src/server/db/schema/index.ts';
import { spanishIban } from '../../src/server/providers/spanish-iban.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addManually, errorCodeOf, polled, startedWidget, widgetLogin } from './helpers/bank.ts';
import { login } from './helpers/customers.ts';
import { DEFAULT_LOAN_DEFINITION } from '../../src/shared/loan/loan-definition.ts';

/** The server's Spanish messages for a refused IBAN, word for word as the customer reads them. */
const IBAN_ERROR_MESSAGES = {
  notSpanish:
    'El número de cuenta debe ser un IBAN español: ES seguido de 22 dígitos (por ejemplo, ES91 2100 0418 4502 0005 1332).',
  isoCheckDigits:
    'El IBAN no es correcto: sus dígitos de control (los dos números después de ES) no corresponden a la cuenta. Revísalo.',
  cccControlDigits:
    'El número de cuenta no es correcto: los dígitos de control de la cuenta (posiciones 13 y 14 del IBAN) no coinciden. Revísalo.',
};

/** Manual account entry, the account list with its counts, one account by id, and concurrent first links. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: '2026-11-24T10:00:00.000Z' });
});
afterAll(async () => {
  await t?.close();
});

const VALID = 'ES91 2100 0418 4502 0005 1332';
/** The same account with its CCC control digits changed (45 → 46) and the ISO digits (29) recomputed to match. */
const WRONG_CCC = 'ES2921000418460200051332';

const customerRow = async (id: number) => (await t.db.select().from(customers).where(eq(customers.id, id)))[0]!;

describe('AddBankAccountManuallyPost', () => {
  it('adds an IBAN written with spaces, in the customer’s name; a first account decides on declared income', async () => {
    const { headers, customer } = await login(t, { monthlyIncomeCents: 200_000 });
    const response = await addManually(t, headers, VALID.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    const account = (response.json() as { data: BankAccount }).data;
    expect(account).toMatchObject({
      accountNumber: 'ES9121000418450200051332',
      bankValue: 'CaixaBank',
      status: 'active',
      loanCount: 0,
      salaryCount: 0,
      transactionCount: 0,
      transactions: [],
      latestLoanDate: null,
    });
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, account.accountId));
    expect(row).toMatchObject({ holderName: 'Ana Prueba Test', source: 'manual', bankCode: '2100' });
    // Declared 2.000 € × 3/2 = 3.000 €, capped at 2.500 € without transactions.
    expect(await customerRow(customer.id)).toMatchObject({ status: 'systemApproved', creditLimitCents: 250_000 });
    const [decision] = await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id));
    expect(decision!.inputs).toMatchObject({ evidence: 'declaredOnly', declaredIncomeCents: 200_000 });
  });

  it.each([
    ['a wrong CCC control digit', WRONG_CCC, IBAN_ERROR_MESSAGES.cccControlDigits],
    ['a wrong ISO checksum', 'ES92 2100 0418 4502 0005 1332', IBAN_ERROR_MESSAGES.isoCheckDigits],
    ['a foreign IBAN', 'DE89 3704 0044 0532 0130 00', IBAN_ERROR_MESSAGES.notSpanish],
    ['too short', 'ES91 2100 0418', IBAN_ERROR_MESSAGES.notSpanish],
  ])('refuses %s with 422 InvalidBankAccount and a clear Spanish message', async (_title, iban, message) => {
    const { headers, customer } = await login(t);
    const response = await addManually(t, headers, iban);
    expect(response.statusCode).toBe(422);
    expect(errorCodeOf(response.body)).toMatchObject({ code: { name: 'InvalidBankAccount' }, message });
    expect(await t.db.select().from(bankAccounts).where(eq(bankAccounts.customerId, customer.id))).toEqual([]);
    expect((await customerRow(customer.id)).status).toBe('registered');
  });

  it('the wrong-CCC IBAN passes the ISO checksum alone (so the CCC rule is what refuses it)', () => {
    expect(validateIBAN(WRONG_CCC).errorCodes).toEqual([ValidationErrorsIBAN.WrongAccountBankBranchChecksum]);
    expect(isValidSpanishIban(WRONG_CCC)).toBe(false);
  });

  it('refuses the same IBAN twice (BankAccountAlreadyExists)', async () => {
    const { headers } = await login(t, { status: 'securityChecked' });
    expect((await addManually(t, headers, VALID)).statusCode).toBe(200);
    const again = await addManually(t, headers, VALID.replace(/ /g, ''));
    expect(again.statusCode).toBe(422);
    expect(errorCodeOf(again.body)!.code.name).toBe('BankAccountAlreadyExists');
  });

  it('refuses customers who may not add accounts (NotAllowedCustomerStatus)', async () => {
    for (const overrides of [
      { status: 'systemApproved' },
      { status: 'declined' },
      { status: 'securityChecked', isBlacklist: true },
    ] as const) {
      const { headers } = await login(t, overrides);
      const response = await addManually(t, headers, VALID);
      expect(errorCodeOf(response.body)!.code.name).toBe('NotAllowedCustomerStatus');
    }
  });

  it('two concurrent first links run one decision (the second then finds the customer decided)', async () => {
    const { headers, customer } = await login(t);
    const second = spanishIban('0182', '1234', '0123456789');
    const answers = await Promise.all([addManually(t, headers, VALID), addManually(t, headers, second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(errorCodeOf(answers.find((a) => a.statusCode === 422)!.body)!.code.name).toBe('NotAllowedCustomerStatus');
    expect(await t.db.select().from(bankAccounts).where(eq(bankAccounts.customerId, customer.id))).toHaveLength(1);
    expect(await t.db.select().from(creditDecisions).where(eq(creditDecisions.customerId, customer.id))).toHaveLength(
      1,
    );
    const history = await t.db
      .select()
      .from(customerStatusHistory)
      .where(eq(customerStatusHistory.customerId, customer.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: 'registered', toStatus: 'systemApproved' });
  });

  it('declines a manual first link with too low a declared income, with its history row', async () => {
    const { headers, customer } = await login(t, { monthlyIncomeCents: 50_000 });
    expect((await addManually(t, headers, VALID)).statusCode).toBe(200);
    expect(await customerRow(customer.id)).toMatchObject({ status: 'declined', creditLimitCents: 0 });
    const [history] = await t.db
      .select()
      .from(customerStatusHistory)
      .where(eq(customerStatusHistory.customerId, customer.id));
    expect(history).toMatchObject({ fromStatus: 'registered', toStatus: 'declined', changedBy: 'system' });
  });
});

describe('ScrapedAccountsGet and AccountGetByAccountId', () => {
  it('lists the caller’s accounts with the §3 counts; one by id; another customer’s is 404', async () => {
    const { headers, customer } = await login(t);
    const { sessionId } = await startedWidget(t, headers);
    await widgetLogin(t, sessionId, 'demo', '1234', { bankCode: '0182' });
    const scraped = await polled(t, headers, sessionId);
    const payroll = scraped.accounts.accountDtos[0]!;
    await t.db.insert(loans).values([
      {
        customerId: customer.id,
        status: 'repaid',
        amountCents: 250_000,
        loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
        installmentCount: 12,
        issueDate: '2025-03-10',
        firstRepaymentDate: '2025-04-10',
        toAccountId: payroll.accountId,
      },
      {
        customerId: customer.id,
        status: 'issued',
        amountCents: 300_000,
        loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
        installmentCount: 12,
        issueDate: '2026-06-01',
        firstRepaymentDate: '2026-07-01',
        toAccountId: payroll.accountId,
      },
      {
        customerId: customer.id,
        status: 'cancelled',
        amountCents: 300_000,
        loanDefinitionId: DEFAULT_LOAN_DEFINITION.id,
        installmentCount: 12,
        issueDate: '2026-09-01',
        firstRepaymentDate: '2026-10-01',
        toAccountId: payroll.accountId,
      },
    ]);

    const list = await t.app.inject({ method: 'GET', url: '/api/bankscraper/getAccountWithBankDetails', headers });
    expect(list.statusCode).toBe(200);
    const accounts = (list.json() as { data: BankAccount[] }).data;
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toMatchObject({
      accountId: payroll.accountId,
      bankValue: 'BBVA',
      loanCount: 2,
      latestLoanDate: '2026-06-01',
      salaryCount: payroll.salaryCount,
      transactionCount: payroll.transactionCount,
    });
    expect(accounts[0]!.salaryCount).toBeGreaterThanOrEqual(2);
    expect(accounts[1]).toMatchObject({ loanCount: 0, latestLoanDate: null, salaryCount: 0 });
    expect(accounts.every((a) => isValidSpanishIban(a.accountNumber))).toBe(true);

    const one = await t.app.inject({ method: 'GET', url: `/api/bankscraper/GetAccount/${payroll.accountId}`, headers });
    expect(one.statusCode).toBe(200);
    expect((one.json() as { data: BankAccount }).data).toEqual(accounts[0]);

    const other = await login(t);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/bankscraper/GetAccount/${payroll.accountId}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorCodeOf(foreign.body)).toMatchObject({
      code: { name: 'BankAccountNotFound' },
      message: 'No hemos encontrado la cuenta bancaria seleccionada.',
    });
    expect(foreign.body).not.toContain(payroll.accountNumber);
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/api/bankscraper/getAccountWithBankDetails',
      headers: other.headers,
    });
    expect((otherList.json() as { data: BankAccount[] }).data).toEqual([]);
  });

  it('FoundCardsGet: the card seen paying in the linked account, priority, valid once registered', async () => {
    const { headers, customer } = await login(t, { status: 'securityChecked' });
    const empty = await t.app.inject({ method: 'GET', url: '/api/bankscraper/cardPriorityList', headers });
    expect(empty.json()).toEqual({ data: { hasTopPriorityValidCard: false, foundCards: [] } });
    const { sessionId } = await startedWidget(t, headers);
    await widgetLogin(t, sessionId, 'demo', '1234');
    const scraped = await polled(t, headers, sessionId);
    const lastFour = scraped.accounts.accountDtos[0]!.transactions.map(
      (tr) => /TARJ\. \*(\d{4})/.exec(tr.description)?.[1],
    ).find(Boolean)!;
    const found = await t.app.inject({ method: 'GET', url: '/api/bankscraper/cardPriorityList', headers });
    expect(found.json()).toEqual({
      data: {
        hasTopPriorityValidCard: false,
        foundCards: [{ isPriority: true, cardHint: `**** **** **** ${lastFour}`, id: expect.any(Number) }],
      },
    });
    await t.db.insert(cards).values({
      customerId: customer.id,
      maskedCardNumber: `400000******${lastFour}`,
      brand: 'visa',
      expiryMonth: 12,
      expiryYear: 2030,
      cardStatus: 'Valid',
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/bankscraper/cardPriorityList', headers });
    expect((after.json() as { data: { hasTopPriorityValidCard: boolean } }).data.hasTopPriorityValidCard).toBe(true);
  });

  it('needs a session (401)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/bankscraper/getAccountWithBankDetails' });
    expect(response.statusCode).toBe(401);
  });
});
