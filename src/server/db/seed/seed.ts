import { randomBytes } from 'node:crypto';
import { addDaysIso as addDays, ageOnDate, todayInMadrid } from '../../../shared/dates.ts';
import { MINI_LOAN_DEFINITION, type LoanDefinition } from '../../../shared/loan/loan-definition.ts';
import { buildPaymentPlan } from '../../../shared/loan/plan.ts';
import type { LoanStatus } from '../../../shared/loan-statuses.ts';
import { MINI_LOAN } from '../../../shared/loan-constants.ts';
import { hashPassword } from '../../auth/password.ts';
import type { Clock } from '../../clock.ts';
import { claimMarker, hasMarker } from '../app-secrets.ts';
import type { Database, Transaction } from '../connect.ts';
import {
  bankAccounts,
  bankTransactions,
  cards,
  creditDecisions,
  credentials,
  customers,
  installments,
  paymentAllocations,
  payments,
  loans,
  customerAddresses,
} from '../schema/index.ts';
import { recordStatusChanges } from '../status-history.ts';
import {
  DEMO_PIN,
  demoCustomers,
  SEED_MARKER,
  withCheckLetter,
  type DemoCustomer,
  type DemoLoan,
} from './demo-customers.ts';
import { DEMO_CARD, DEMO_CHALLENGE_CARD, demoTransactions, spanishIban } from './demo-bank.ts';
import { seedDemoRepayToken } from './demo-links.ts';
import { at, loanDates, miniLimitEuros, repaidOn } from './demo-loan-dates.ts';

export { SEED_MARKER };

/**
 * Seed the demo customers (sandbox only, first start only): a marker in `app_secrets` makes it run once per
 * database, also with several instances starting together; a phone that already exists is skipped.
 * Dates are relative to the seeding day, so the loans look current (instalments due in 3 days, tomorrow and
 * today, one overdue since yesterday, one 75 days overdue): on the seeding day every payment reminder kind has a
 * demo customer to go to once that customer subscribes to push notifications.
 */

export interface SeedResult {
  /** False when the marker was already there (not the first start). */
  seeded: boolean;
  customers: number;
}

export async function seedDemoData(db: Database, clock: Clock): Promise<SeedResult> {
  // Later starts stop here, before any hashing: a start must stay fast.
  if (await hasMarker(db, SEED_MARKER)) return { seeded: false, customers: 0 };
  const today = todayInMadrid(clock.now());
  // Hash outside the transaction (scrypt takes a few tens of ms each; they run in parallel on the thread pool).
  const hashes = await Promise.all(demoCustomers.map(() => hashPassword(DEMO_PIN)));
  return db.transaction(async (tx) => {
    if (!(await claimMarker(tx, SEED_MARKER, clock.now().toISOString()))) return { seeded: false, customers: 0 };
    let count = 0;
    for (const [index, demo] of demoCustomers.entries()) {
      const passwordHash = hashes[index] ?? (await hashPassword(DEMO_PIN));
      if (await insertDemoCustomer(tx, demo, passwordHash, today, clock.now())) count += 1;
    }
    return { seeded: true, customers: count };
  });
}

/**
 * One customer of the demo's shape, outside the demo list (the sandbox's `POST /sandbox/customers`: browser tests
 * that change a customer make their own). False when the phone is taken.
 */
export async function insertSandboxCustomer(db: Database, clock: Clock, demo: DemoCustomer): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PIN);
  const today = todayInMadrid(clock.now());
  return db.transaction((tx) => insertDemoCustomer(tx, demo, passwordHash, today, clock.now()));
}

/** The home address of the demo customers who saved one (the account page shows it). */
const DEMO_ADDRESS = {
  street: 'Calle de Alcalá',
  streetNumber: '50',
  floor: '3º A',
  postcode: '28014',
  city: 'Madrid',
  province: 'Madrid',
} as const;

async function insertDemoCustomer(
  tx: Transaction,
  demo: DemoCustomer,
  passwordHash: string,
  today: string,
  now: Date,
): Promise<boolean> {
  // The journey starts a while before the first loan (or 20 days ago without loans), one step a day.
  const firstLoanIssue = demo.loans.length > 0 ? loanDates(demo.loans[0] as DemoLoan, today).issueDate : today;
  const start = addDays(firstLoanIssue, -(demo.journey.length + 20));
  const [row] = await tx
    .insert(customers)
    .values({
      status: demo.status,
      firstName: demo.firstName,
      lastName: demo.lastName,
      email: demo.email,
      nationalId: withCheckLetter(demo.idNumber),
      birthDate: demo.birthDate,
      phone: demo.phone,
      gender: demo.gender,
      employmentStatus: demo.employmentStatus,
      companyName: demo.companyName,
      monthlyIncomeCents: demo.monthlyIncomeEuros * 100,
      referenceCode: `PR${randomBytes(5).toString('hex').toUpperCase()}`,
      isRtb: demo.isRtb,
      creditLimitCents: demo.creditLimitEuros * 100,
      miniLimitCents: miniLimitEuros(demo) * 100,
      acceptPolicy: true,
      acceptMarketing: true,
      createdAt: at(start),
    })
    .onConflictDoNothing({ target: customers.phone })
    .returning({ id: customers.id });
  if (!row) return false;

  await tx.insert(credentials).values({ customerId: row.id, passwordHash });
  // The address step (preRegistered → registered) saved a home address: every customer past it has one.
  if (demo.journey.includes('registered'))
    await tx.insert(customerAddresses).values({ customerId: row.id, ...DEMO_ADDRESS, createdAt: at(start) });
  await recordStatusChanges(
    tx,
    'customer',
    demo.journey.map((status, step) => ({
      id: row.id,
      from: step === 0 ? null : (demo.journey[step - 1] ?? null),
      to: status,
      changedBy: 'seed',
      at: at(addDays(start, step), 9 + step),
    })),
  );
  const payout = await insertDemoBankSide(tx, row.id, demo, today, at(start));
  let latestLoanId: number | null = null;
  for (const loan of demo.loans) latestLoanId = await insertDemoLoan(tx, row.id, loan, today, payout);
  await seedDemoRepayToken(tx, { id: row.id, phone: demo.phone, latestLoanId }, now);
  return true;
}

/**
 * The customer's linked account with 90 days of transactions, the valid card, and the credit decisions that set
 * the limit (one row each, as the rule engine writes them). Returns what the loans are paid out to and paid with.
 */
async function insertDemoBankSide(
  tx: Transaction,
  customerId: number,
  demo: DemoCustomer,
  today: string,
  since: Date,
): Promise<{ accountId: number | null; cardId: number | null }> {
  let accountId: number | null = null;
  let cardId: number | null = null;
  if (demo.account) {
    const { entity, office, account, bankValue } = demo.account;
    const [created] = await tx
      .insert(bankAccounts)
      .values({
        customerId,
        iban: spanishIban(entity, office, account),
        bankValue,
        bankCode: entity,
        holderName: `${demo.firstName} ${demo.lastName}`,
        source: 'scrape',
        status: 'active',
        createdAt: since,
      })
      .returning({ id: bankAccounts.id });
    accountId = created?.id ?? null;
    if (accountId !== null) {
      const id = accountId;
      await tx
        .insert(bankTransactions)
        .values(demoTransactions(demo.account, today).map((transaction) => ({ accountId: id, ...transaction })));
    }
  }
  if (demo.card) {
    const [created] = await tx
      .insert(cards)
      .values({
        customerId,
        ...(demo.card === 'challenge' ? DEMO_CHALLENGE_CARD : DEMO_CARD),
        cardStatus: 'Valid',
        isActive: true,
        // The sandbox gateway's token form (docs/sandbox.md "Sandbox test cards"): the challenge card's says its
        // scenario.
        providerToken: `sbx_tok_demo${customerId}${demo.card === 'challenge' ? '.challenge' : ''}`,
        createdAt: since,
      })
      .returning({ id: cards.id });
    cardId = created?.id ?? null;
    if (cardId !== null) {
      await recordStatusChanges(tx, 'card', [{ id: cardId, from: null, to: 'Valid', changedBy: 'seed', at: since }]);
    }
  }
  const decisions = demo.decisions ?? [];
  if (decisions.length > 0) {
    await tx.insert(creditDecisions).values(
      decisions.map((decision, index) => ({
        customerId,
        outcome: 'systemApproved' as const,
        limitCents: decision.limitEuros * 100,
        miniLimitCents: (decision.miniLimitEuros ?? MINI_LOAN.firstLoanFreeMax) * 100,
        rulesVersion: 'seed',
        trigger: decision.trigger,
        inputs: {
          age: ageOnDate(demo.birthDate, today),
          declaredMonthlyIncomeCents: demo.monthlyIncomeEuros * 100,
          salaryFoundCents: (demo.account?.salaryEuros ?? 0) * 100,
          isBlacklist: false,
        },
        reasons: [{ rule: 'seed', passed: true, detail: 'Demo customer seeded with this limit (sandbox).' }],
        createdAt:
          decision.trigger === 'loanRepaid'
            ? repaidOn(
                demo,
                today,
                decisions.slice(0, index).filter((before) => before.trigger === 'loanRepaid').length,
              )
            : new Date(since.getTime() + index),
      })),
    );
  }
  return { accountId, cardId };
}

async function insertDemoLoan(
  tx: Transaction,
  customerId: number,
  loan: DemoLoan,
  today: string,
  payout: { accountId: number | null; cardId: number | null },
): Promise<number> {
  const { paymentDates, issueDate } = loanDates(loan, today);
  const amountCents = loan.amountEuros * 100;
  const plan = loan.mini
    ? buildPaymentPlan<LoanDefinition>({
        amountCents,
        issueDate,
        paymentDates,
        definition: MINI_LOAN_DEFINITION,
        interestFree: loan.mini.interestFree,
      })
    : buildPaymentPlan<LoanDefinition>({ amountCents, issueDate, paymentDates });
  const [created] = await tx
    .insert(loans)
    .values({
      customerId,
      status: loan.status,
      loanDefinitionId: plan.definition.id,
      interestFree: plan.interestFree,
      amountCents,
      installmentCount: loan.installments,
      issueDate,
      firstRepaymentDate: paymentDates[0] as string,
      toAccountId: payout.accountId,
      cardId: payout.cardId,
      issuedAt: at(issueDate, 11),
      createdAt: at(issueDate, 10),
    })
    .returning({ id: loans.id });
  if (!created) throw new Error('seed: loan insert returned nothing');

  const statuses: Array<[LoanStatus | null, LoanStatus, string]> = [
    [null, 'requested', issueDate],
    ['requested', 'agreementAssigned', issueDate],
    ['agreementAssigned', 'issued', issueDate],
  ];
  if (loan.status === 'repaid') statuses.push(['issued', 'repaid', paymentDates.at(-1) as string]);
  await recordStatusChanges(
    tx,
    'loan',
    statuses.map(([from, to, date], step) => ({
      id: created.id,
      from,
      to,
      changedBy: 'seed',
      at: at(date, 10 + step),
    })),
  );

  const paidBefore = loan.firstUnpaid ?? loan.installments + 1;
  const rows = plan.installments.map((installment, index) => {
    const paid = index + 1 < paidBefore;
    return {
      loanId: created.id,
      number: index + 1,
      expectedDate: installment.expectedDate,
      baseCents: installment.baseCents,
      interestCents: installment.interestCents,
      totalCents: installment.totalCents,
      paidCents: paid ? installment.totalCents : 0,
      status: paid ? ('paid' as const) : ('notPaid' as const),
      paidAt: paid ? at(installment.expectedDate, 8) : null,
    };
  });
  const inserted = await tx
    .insert(installments)
    .values(rows)
    .returning({ id: installments.id, status: installments.status, paidAt: installments.paidAt });
  const history = inserted.flatMap((installment) =>
    installment.status === 'paid' && installment.paidAt
      ? [
          {
            id: installment.id,
            from: 'notPaid' as const,
            to: 'paid' as const,
            changedBy: 'seed',
            at: installment.paidAt,
          },
        ]
      : [],
  );
  await recordStatusChanges(tx, 'installment', history);

  // Each paid instalment was paid by its own card payment on its date (the Loan view's `payments[]`, the credit
  // history): a settled payment, its allocation and its status history, as the payment module writes them.
  const paidRows = inserted.flatMap((installment, index) =>
    installment.status === 'paid' && installment.paidAt
      ? [{ id: installment.id, paidAt: installment.paidAt, amountCents: rows[index]!.totalCents }]
      : [],
  );
  if (paidRows.length > 0) {
    const paymentRows = await tx
      .insert(payments)
      .values(
        paidRows.map((row) => ({
          customerId,
          loanId: created.id,
          installmentId: row.id,
          paymentOption: 'firstNotPaidInstallment' as const,
          source: payout.cardId === null ? ('bank-transfer' as const) : ('debit-card' as const),
          cardId: payout.cardId,
          amountCents: row.amountCents,
          status: 'success' as const,
          createdAt: row.paidAt,
          updatedAt: row.paidAt,
          settledAt: row.paidAt,
        })),
      )
      .returning({
        id: payments.id,
        installmentId: payments.installmentId,
        amountCents: payments.amountCents,
        settledAt: payments.settledAt,
      });
    await tx.insert(paymentAllocations).values(
      paymentRows.map((payment) => ({
        paymentId: payment.id,
        installmentId: payment.installmentId!,
        amountCents: payment.amountCents,
        createdAt: payment.settledAt!,
      })),
    );
    await recordStatusChanges(
      tx,
      'payment',
      paymentRows.flatMap((payment) => [
        { id: payment.id, from: null, to: 'pending' as const, changedBy: 'seed', at: payment.settledAt! },
        { id: payment.id, from: 'pending' as const, to: 'success' as const, changedBy: 'seed', at: payment.settledAt! },
      ]),
    );
  }
  return created.id;
}
