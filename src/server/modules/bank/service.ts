import { validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import type { FastifyBaseLogger } from 'fastify';
import type { BankAccount, FoundCards, ScrapeSessionResult, WidgetInitResult } from '../../../shared/api/bank.ts';
import type { OpenBankingProvider as WidgetFlavour } from '../../../shared/api/bank.ts';
import { errorCodes } from '../../../shared/api/errors.ts';
import { bankNameOf, entityCodeOfIban } from '../../../shared/banks.ts';
import type { Cents } from '../../../shared/money.ts';
import { isValidSpanishIban, normalizeIban } from '../../../shared/validators/iban.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { withResourceLock } from '../../db/locks.ts';
import { ApiError, BusinessError, HttpError } from '../../http/errors.ts';
import type { OpenBankingProvider, ScrapedAccount } from '../../providers/open-banking.ts';
import { customerAccountsLock, decideOnAccountLinked, type CreditDecisionResult } from '../decision/index.ts';
import {
  cardPaymentsSeen,
  countFailedSessionsSince,
  countPoll,
  findAccount,
  findLinkCustomer,
  findSession,
  finishSession,
  insertAccount,
  insertSession,
  listAccounts,
  listSessionAccounts,
  listTransactions,
  loanCountsByAccount,
  type AccountRow,
  type LinkCustomer,
  type SessionRow,
  validCardEndings,
} from './repository.ts';
import { IBAN_ERROR_MESSAGES } from './texts.ts';

/** What the bank service needs. `decide` is the decision module's (a test may make it fail). */
export interface BankDeps {
  db: Database;
  clock: Clock;
  openBanking: OpenBankingProvider;
  log: FastifyBaseLogger;
  decide?: typeof decideOnAccountLinked;
}

/**
 * Salary in a description, when the provider did not flag it: Spanish banks book a payroll as 'NOMINA <payer>'
 * (or 'NÓMINA', 'ABONO NOMINA'); a transfer that only mentions the payroll account ('TRASPASO DESDE CUENTA NOMINA')
 * is not one.
 */
const SALARY_DESCRIPTION = /^(ABONO )?N[OÓ]MINA\b/i;

/**
 * Who may add an account (second document §6): bankCredentials is for `registered` customers (their first account
 * triggers the credit decision); a returning borrower (`securityChecked`) who is not blacklisted may add another
 * from the loan request ('Añadir nueva cuenta bancaria'). Everyone else: NotAllowedCustomerStatus.
 */
export function mayAddAccount(customer: Pick<LinkCustomer, 'status' | 'isBlacklist'>): boolean {
  if (customer.isBlacklist && customer.status !== 'registered') return false;
  return customer.status === 'registered' || customer.status === 'securityChecked';
}

async function linkCustomerOrThrow(db: Executor, customerId: number): Promise<LinkCustomer> {
  const customer = await findLinkCustomer(db, customerId);
  if (!customer) throw new HttpError('Unauthorized');
  if (!mayAddAccount(customer)) throw new BusinessError('NotAllowedCustomerStatus');
  return customer;
}

const holderNameOf = (customer: LinkCustomer) => `${customer.firstName} ${customer.lastName}`.trim();

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

/** Accounts in the contract's shape, with the §3 counts and their transactions (newest first). */
async function accountDtos(db: Executor, customerId: number, accounts: readonly AccountRow[]): Promise<BankAccount[]> {
  if (accounts.length === 0) return [];
  const [transactions, loanCounts] = await Promise.all([
    listTransactions(
      db,
      accounts.map((account) => account.id),
    ),
    loanCountsByAccount(db, customerId),
  ]);
  return accounts.map((account) => {
    const own = transactions.filter((t) => t.accountId === account.id);
    const loans = loanCounts.get(account.id);
    return {
      accountId: account.id,
      accountNumber: account.iban,
      bankValue: account.bankValue,
      status: account.status,
      latestLoanDate: loans?.latestLoanDate ?? null,
      loanCount: loans?.loanCount ?? 0,
      salaryCount: own.filter((t) => t.isSalary && t.amountCents > 0).length,
      transactionCount: own.length,
      transactions: own.map((t) => ({ date: t.bookedOn, amount: t.amountCents as Cents, description: t.description })),
    };
  });
}

/** ScrapedAccountsGet: the caller's accounts, oldest first. */
export async function scrapedAccounts(deps: Pick<BankDeps, 'db'>, customerId: number): Promise<BankAccount[]> {
  return accountDtos(deps.db, customerId, await listAccounts(deps.db, customerId));
}

/** AccountGetByAccountId: one of the caller's accounts; another customer's is not found (404). */
export async function accountById(
  deps: Pick<BankDeps, 'db'>,
  customerId: number,
  accountId: number,
): Promise<BankAccount> {
  const account = await findAccount(deps.db, customerId, accountId);
  if (!account) {
    const definition = errorCodes.BankAccountNotFound;
    throw new ApiError('BankAccountNotFound', definition.value, 404, definition.title, definition.message);
  }
  const [dto] = await accountDtos(deps.db, customerId, [account]);
  return dto!;
}

/**
 * FoundCardsGet: the cards seen paying in the customer's linked accounts ('COMPRA TARJ. *1234 …'), the most used
 * first and marked priority; `hasTopPriorityValidCard` when the customer has registered that card (same last four
 * digits, a usable status). `id` is the first transaction that showed the card.
 */
export async function foundCards(deps: Pick<BankDeps, 'db'>, customerId: number): Promise<FoundCards> {
  const [seen, valid] = await Promise.all([
    cardPaymentsSeen(deps.db, customerId),
    validCardEndings(deps.db, customerId),
  ]);
  const ordered = [...seen].sort((a, b) => b.uses - a.uses || a.firstId - b.firstId);
  const top = ordered[0];
  return {
    hasTopPriorityValidCard: top !== undefined && valid.has(top.lastFour),
    foundCards: ordered.map((card, index) => ({
      isPriority: index === 0,
      cardHint: `**** **** **** ${card.lastFour}`,
      id: card.firstId,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Widget and scrape sessions
// ---------------------------------------------------------------------------------------------------------------

/** Wrong bank credentials this many times within 24 hours block the widget for the customer (WidgetAccountBlocked). */
export const MAX_FAILED_SESSIONS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60_000;

/**
 * WidgetInitPost: a new scrape session with the provider's widget. `appOrigin` is the only origin the widget may
 * post to and be framed by; `serverOrigin` serves the sandbox pages.
 */
export async function initWidget(
  deps: BankDeps,
  customerId: number,
  body: { acceptTerms: boolean; provider?: WidgetFlavour | undefined; bankCode?: string | undefined },
  origins: { appOrigin: string; serverOrigin: string },
): Promise<WidgetInitResult> {
  if (!body.acceptTerms) throw new BusinessError('TermsNotAccepted');
  const customer = await linkCustomerOrThrow(deps.db, customerId);
  const since = new Date(deps.clock.now().getTime() - DAY_MS);
  if ((await countFailedSessionsSince(deps.db, customerId, since)) >= MAX_FAILED_SESSIONS_PER_DAY) {
    throw new BusinessError('WidgetAccountBlocked');
  }
  const flavour = body.provider ?? 'tink';
  let started: Awaited<ReturnType<OpenBankingProvider['initWidget']>>;
  try {
    started = await deps.openBanking.initWidget({
      flavour,
      customerId,
      holderName: holderNameOf(customer),
      bankCode: body.bankCode,
      ...origins,
    });
  } catch (error) {
    deps.log.error({ err: error, customerId, provider: deps.openBanking.name }, 'open-banking widget init failed');
    throw new BusinessError('WidgetUnavailable');
  }
  await insertSession(deps.db, {
    id: started.sessionId,
    customerId,
    provider: `${deps.openBanking.name}:${flavour}`,
    providerState: started.providerState,
    at: deps.clock.now(),
  });
  deps.log.info({ event: 'scrapeSessionStarted', customerId, flavour }, 'scrape session started');
  return { widgetUrl: started.widgetUrl, sessionId: started.sessionId };
}

async function sessionAnswer(db: Executor, customerId: number, session: SessionRow): Promise<ScrapeSessionResult> {
  const accounts = session.status === 'inProgress' ? [] : await listSessionAccounts(db, customerId, session.id);
  return { status: session.status, accounts: { accountDtos: await accountDtos(db, customerId, accounts) } };
}

/**
 * AccountsAfterScrapeGet: where the caller's session stands. While it is inProgress each poll asks the provider;
 * the first poll that finds it finished stores the accounts and transactions, runs the credit decision when the
 * customer is `registered` (their first account), and records the session's final status, all under the
 * customer's accounts lock: a concurrent or later poll answers what was stored, never storing twice.
 */
export async function scrapeSessionStatus(
  deps: BankDeps,
  customerId: number,
  sessionId: string,
): Promise<ScrapeSessionResult> {
  const session = await findSession(deps.db, customerId, sessionId);
  if (!session) throw new HttpError('NotFound');
  if (session.status !== 'inProgress') return sessionAnswer(deps.db, customerId, session);

  const now = deps.clock.now();
  const polled = (await countPoll(deps.db, sessionId, now)) ?? session;
  let result: Awaited<ReturnType<OpenBankingProvider['sessionResult']>>;
  try {
    result = await deps.openBanking.sessionResult(polled, now);
  } catch (error) {
    deps.log.error({ err: error, customerId, sessionId }, 'open-banking session result failed');
    throw new BusinessError('ScrapeFailed');
  }
  if (result.status === 'inProgress') return { status: 'inProgress', accounts: { accountDtos: [] } };
  const finished = result.status;

  return withResourceLock(deps.db, customerAccountsLock(customerId), async (tx) => {
    const current = await findSession(tx, customerId, sessionId);
    if (!current) throw new HttpError('NotFound');
    if (current.status !== 'inProgress') return sessionAnswer(tx, customerId, current);
    if (finished !== 'succeeded') {
      await finishSession(tx, sessionId, finished, now);
      deps.log.info({ event: 'scrapeSessionFinished', customerId, status: finished }, 'scrape session finished');
      return sessionAnswer(tx, customerId, { ...current, status: finished });
    }
    const customer = await findLinkCustomer(tx, customerId);
    if (!customer) throw new HttpError('Unauthorized');
    const stored = await storeScrapedAccounts(tx, customer, sessionId, result.accounts, now);
    const decision = await decideSafely(deps, tx, customerId, now);
    const status =
      decision === 'failed' ? 'decisionFailed' : decision?.outcome === 'declined' ? 'decisionRejected' : 'succeeded';
    await finishSession(tx, sessionId, status, now);
    deps.log.info(
      { event: 'scrapeSessionFinished', customerId, status, accounts: stored, decision: decision ?? null },
      'scrape session finished',
    );
    return sessionAnswer(tx, customerId, { ...current, status });
  });
}

/** Stores the accounts of a finished session (an IBAN the customer already holds is kept as it is). */
async function storeScrapedAccounts(
  tx: Executor,
  customer: LinkCustomer,
  sessionId: string,
  accounts: readonly ScrapedAccount[],
  now: Date,
): Promise<number> {
  let stored = 0;
  for (const account of accounts) {
    const iban = normalizeIban(account.iban);
    if (!isValidSpanishIban(iban)) continue;
    const bankCode = entityCodeOfIban(iban);
    const row = await insertAccount(
      tx,
      {
        customerId: customer.id,
        iban,
        bankValue: account.bankName || bankNameOf(bankCode),
        bankCode,
        holderName: account.holderName || holderNameOf(customer),
        source: 'scrape',
        scrapeSessionId: sessionId,
        at: now,
      },
      account.transactions.map((t) => ({
        bookedOn: t.date,
        amountCents: t.amountCents,
        description: t.description,
        isSalary: t.amountCents > 0 && (t.isSalary || SALARY_DESCRIPTION.test(t.description)),
      })),
    );
    if (row) stored += 1;
  }
  return stored;
}

/**
 * The credit decision in a savepoint of `tx`: its result, null when none was due (not `registered`), or 'failed'
 * when it threw (its writes undone; the accounts stay; the customer stays `registered`, so the next link decides).
 */
async function decideSafely(
  deps: BankDeps,
  tx: Executor,
  customerId: number,
  now: Date,
): Promise<CreditDecisionResult | null | 'failed'> {
  const decide = deps.decide ?? decideOnAccountLinked;
  try {
    return await tx.transaction((savepoint) => decide(savepoint, { customerId, trigger: 'firstAccountLinked', now }));
  } catch (error) {
    deps.log.error({ err: error, customerId }, 'credit decision failed');
    return 'failed';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Manual entry
// ---------------------------------------------------------------------------------------------------------------

function invalidAccount(message: string): ApiError {
  const definition = errorCodes.InvalidBankAccount;
  return new ApiError('InvalidBankAccount', definition.value, definition.status, definition.title, message);
}

/**
 * The IBAN of a manual entry in electronic format, or InvalidBankAccount (422) saying what is wrong: not a Spanish
 * IBAN, the ISO 13616 check digits, or the CCC's control digits. Spaces and dashes are allowed.
 */
export function manualIbanOrThrow(raw: string): string {
  const iban = normalizeIban(raw);
  if (!/^ES\d{22}$/.test(iban)) throw invalidAccount(IBAN_ERROR_MESSAGES.notSpanish);
  if (isValidSpanishIban(iban)) return iban;
  // The shared rule (ibantools) refused it: say which digits are wrong, the ISO ones first.
  const { errorCodes } = validateIBAN(iban);
  throw invalidAccount(
    errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum)
      ? IBAN_ERROR_MESSAGES.isoCheckDigits
      : IBAN_ERROR_MESSAGES.cccControlDigits,
  );
}

/**
 * AddBankAccountManuallyPost: the account in the customer's name; a `registered` customer's first account runs
 * the credit decision on the declared income and age (no transactions to read).
 */
export async function addAccountManually(
  deps: BankDeps,
  customerId: number,
  accountNumber: string,
): Promise<BankAccount> {
  const iban = manualIbanOrThrow(accountNumber);
  const now = deps.clock.now();
  const { account, decision } = await withResourceLock(deps.db, customerAccountsLock(customerId), async (tx) => {
    const customer = await linkCustomerOrThrow(tx, customerId);
    const bankCode = entityCodeOfIban(iban);
    const row = await insertAccount(tx, {
      customerId,
      iban,
      bankValue: bankNameOf(bankCode),
      bankCode,
      holderName: holderNameOf(customer),
      source: 'manual',
      scrapeSessionId: null,
      at: now,
    });
    if (!row) throw new BusinessError('BankAccountAlreadyExists');
    return { account: row, decision: await decideSafely(deps, tx, customerId, now) };
  });
  deps.log.info(
    { event: 'bankAccountAdded', customerId, source: 'manual', decision: decision ?? null },
    'bank account added',
  );
  const [dto] = await accountDtos(deps.db, customerId, [account]);
  return dto!;
}
