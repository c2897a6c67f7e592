import type { FastifyBaseLogger } from 'fastify';
import { computePaymentDates } from '../../../shared/loan/payment-dates.ts';
import { buildPaymentPlan } from '../../../shared/loan/plan.ts';
import { buildPayoutNotification } from '../../../shared/push.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Transaction } from '../../db/connect.ts';
import type { LoanStatus } from '../../../shared/loan-statuses.ts';
import { recordStatusChange, recordStatusChanges } from '../../db/status-history.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic.ts';
import { moveToSecurityCheckedWhenDue } from '../document/index.ts';
import { insertPlanInstallments, markIssued } from '../loan/index.ts';
import { notifyCustomer, type PushSender } from '../push/index.ts';
import { claimDueLoan, hasEarlierIssuedLoan, installmentsOf, type DueLoan } from './repository.ts';

/**
 * The payout job (second document §9 "Payout: 10 minutes after request"; PAYOUT_DELAY_MS). AssignAgreementPost
 * sets `payout_due_at` = acceptance + PAYOUT_DELAY_MS; from then on, a loan in `agreementAssigned` whose customer
 * has a validated card is issued by the first run of any instance that sees it due:
 *
 * 1. claim it with `FOR UPDATE SKIP LOCKED` (so two instances never issue the same loan; the status guard of the
 *    update makes a second issue impossible even without the lock), in one transaction with everything below;
 * 2. status `issued`, `issued_at` = now, its history row (changedBy `payout`);
 * 3. its instalments from the plan when the request did not create them (RequestLoanPost does), and one history row
 *    per instalment (→ notPaid: they start to run);
 * 4. on the customer's first issued loan, with at least 2 identity documents not rejected by staff and a validated
 *    card, the customer becomes `securityChecked` (systemApproved → securityChecked, with its history row; the rule
 *    is the document module's `moveToSecurityCheckedWhenDue`);
 * 5. after the commit, a web push 'Tu dinero está en camino' to the customer's subscribed devices (once: a failed
 *    push is logged, not retried, and never undoes the payout).
 *
 * Identity documents are NOT required for the payout (the documents step warns that without them the money may
 * be delayed; this reference server does not delay it). Runs of one job never overlap; the state is all in the
 * database, so a restart (or another instance) during the delay pays out once when the moment comes.
 */

export interface PayoutJobDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  send: PushSender;
  /** Loans issued per run at most (the next run continues). */
  maxPerRun?: number;
}

export interface PayoutRunSummary {
  issued: number[];
  pushed: number;
}

/**
 * The payout job of an instance. `nudge()` looks again within NUDGE_DELAY_MS, e.g. after an agreement is accepted
 * or a card validated, so that with PAYOUT_DELAY_MS=0 the payout follows at once.
 */
export type PayoutJob = PeriodicJob<PayoutRunSummary>;

export const NUDGE_DELAY_MS = 50;
const PAYOUT_PUSH_TTL_SECONDS = 24 * 60 * 60;
const CHANGED_BY = 'payout';

export interface IssuedLoan {
  loan: DueLoan;
  customerMoved: boolean;
}

/** Who issues and from which status: the job from agreementAssigned, staff from it or the transfer's statuses. */
export interface IssueChange {
  now: Date;
  from: LoanStatus;
  changedBy: string;
  reason?: string;
}

/**
 * Issues `loan` in `tx` (points 2–4 above): null when it was not in `change.from` any more. The payout job's and the
 * staff's (`SetLoanIssuedPost`) one way to issue a loan.
 */
export async function issueLoan(tx: Transaction, loan: DueLoan, change: IssueChange): Promise<IssuedLoan | null> {
  const { now, from, changedBy } = change;
  if (!(await markIssued(tx, loan.id, now, from))) return null;
  await recordStatusChange(tx, 'loan', { id: loan.id, from, to: 'issued', changedBy, reason: change.reason, at: now });

  let rows = await installmentsOf(tx, loan.id);
  if (rows.length === 0) {
    const paymentDates = computePaymentDates({
      nextSalaryDate: loan.firstRepaymentDate,
      calculateNextXDates: loan.installmentCount,
      paymentFrequencyLogical: 'specificDate',
    });
    const plan = buildPaymentPlan({ amountCents: loan.amountCents, issueDate: loan.issueDate, paymentDates });
    rows = await insertPlanInstallments(tx, loan.id, plan.installments);
  }
  await recordStatusChanges(
    tx,
    'installment',
    rows.map((row) => ({
      id: row.id,
      from: null,
      to: row.status,
      changedBy,
      reason: 'loan issued',
      at: now,
    })),
  );

  // The document module's one securityChecked rule (which DocumentReviewPost applies too), on the first loan only.
  const customerMoved =
    !(await hasEarlierIssuedLoan(tx, loan.customerId, loan.id)) &&
    (await moveToSecurityCheckedWhenDue(tx, {
      customerId: loan.customerId,
      identity: 'uploaded',
      changedBy,
      reason: 'first loan issued with identity documents and a validated card',
      at: now,
    }));
  return { loan, customerMoved };
}

export interface PayoutPushDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  send: PushSender;
}

/** Point 5: the push 'Tu dinero está en camino' after the commit; how many devices got it (a failure is logged). */
export async function pushPayout(deps: PayoutPushDeps, loan: Pick<DueLoan, 'id' | 'customerId' | 'amountCents'>) {
  try {
    const payload = JSON.stringify(buildPayoutNotification({ loanId: loan.id, amountCents: loan.amountCents }));
    return await notifyCustomer(deps, loan.customerId, {
      payload,
      ttlSeconds: PAYOUT_PUSH_TTL_SECONDS,
      urgency: 'high',
      topic: `loan-issued-${loan.id}`,
    });
  } catch (error) {
    deps.log.error({ err: error, loanId: loan.id }, 'payout push failed');
    return 0;
  }
}

export function createPayoutJob(deps: PayoutJobDeps): PayoutJob {
  const { db, clock, send } = deps;
  const log = deps.log.child({ job: 'payout' });
  const maxPerRun = deps.maxPerRun ?? 100;

  async function run(): Promise<PayoutRunSummary> {
    const summary: PayoutRunSummary = { issued: [], pushed: 0 };
    while (summary.issued.length < maxPerRun) {
      const now = clock.now();
      const issued = await db.transaction(async (tx) => {
        const loan = await claimDueLoan(tx, now);
        if (!loan) return null;
        return (await issueLoan(tx, loan, { now, from: 'agreementAssigned', changedBy: CHANGED_BY })) ?? 'skipped';
      });
      if (issued === null) break;
      if (issued === 'skipped') continue;
      summary.issued.push(issued.loan.id);
      log.info(
        {
          loanId: issued.loan.id,
          customerId: issued.loan.customerId,
          amountCents: issued.loan.amountCents,
          securityChecked: issued.customerMoved,
        },
        'loan issued',
      );
      if ((await pushPayout({ db, clock, log, send }, issued.loan)) > 0) summary.pushed += 1;
    }
    return summary;
  }

  return createPeriodicJob({ run, log, name: 'payout', nudgeDelayMs: NUDGE_DELAY_MS });
}
