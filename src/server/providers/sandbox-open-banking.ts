import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { bankByCode, bankNameOf, SPANISH_BANKS } from '../../shared/banks.ts';
import { addDaysIso, isoDateFromParts, isoParts, isWeekendIso, type IsoDate } from '../../shared/calendar.ts';
import { todayInMadrid } from '../../shared/madrid-today.ts';
import type { ScrapeSessionStatus } from '../../shared/card-statuses.ts';
import type { Executor } from '../db/connect.ts';
import { scrapeSessions } from '../db/schema/index.ts';
import { updateSessionProviderState } from '../modules/bank/index.ts';
import type {
  OpenBankingProvider,
  OpenBankingSession,
  ProviderSessionStatus,
  ScrapedAccount,
  ScrapedTransaction,
  WidgetFlavour,
} from './open-banking.ts';
import { spanishIban } from './spanish-iban.ts';
import { parseStoredState } from './sandbox-pages.ts';

/**
 * The sandbox open-banking provider: two widget pages (tink, unnax) under `/sandbox/open-banking/<flavour>`, a
 * Spanish bank list and a login form, with documented test credentials (docs/sandbox.md "Sandbox open banking"):
 *
 *   demo / 1234      succeeded: a payroll account (salary 'NOMINA …' 2.100,00 € a month) and a savings account
 *   demo / wrong     the widget says the credentials are wrong and asks again (any other user or password too);
 *                    after 3 wrong logins in one session it ends as sessionFailed
 *   slow / 1234      inProgress for 2 polls after the login, then succeeded (same accounts as demo)
 *   timeout / 1234   unnaxResponseTimeout
 *   rejected / 1234  succeeded with one account and no salary in 90 days: the credit decision declines
 *
 * A session nobody logs in to within 30 minutes ends as unnaxResponseTimeout. Its state lives in the session's
 * `provider_state` (JSON); accounts are generated from the session id, so every poll sees the same ones, with
 * 90 days of transactions up to the poll's day (Europe/Madrid).
 */

export const SANDBOX_PASSWORD = '1234';
export const SANDBOX_SESSION_TTL_MS = 30 * 60_000;
/** Polls answered inProgress after the `slow` user's login. */
export const SLOW_POLLS = 2;
/** The demo payroll (deterministic, so the demo's credit limit is too). */
export const SANDBOX_SALARY_CENTS = 210_000;
/** Wrong logins one widget session accepts, as a bank's login does; the last one ends the session (sessionFailed). */
export const SANDBOX_LOGIN_ATTEMPTS = 3;

export type SandboxScenario = 'succeeded' | 'wrongCredentials' | 'slow' | 'timeout' | 'rejected';

const stateSchema = z.object({
  flavour: z.enum(['tink', 'unnax']),
  appOrigin: z.string(),
  holderName: z.string(),
  /** The bank the customer chose in the app: the widget opens at its login. */
  bankCode: z.string().nullable().default(null),
  /** Wrong logins so far (the session stays open until SANDBOX_LOGIN_ATTEMPTS). */
  failedLogins: z.number().int().nonnegative().default(0),
  login: z
    .object({
      bankCode: z.string(),
      scenario: z.enum(['succeeded', 'wrongCredentials', 'slow', 'timeout', 'rejected']),
      pollsAtLogin: z.number().int(),
    })
    .nullable(),
});
export type SandboxState = z.infer<typeof stateSchema>;

export const parseSandboxState = (text: string | null): SandboxState | null => parseStoredState(stateSchema, text);

/** The scenario of a login (the test credentials of docs/sandbox.md "Sandbox open banking"). */
export function scenarioOf(username: string, password: string): SandboxScenario {
  if (password !== SANDBOX_PASSWORD) return 'wrongCredentials';
  switch (username.trim().toLowerCase()) {
    case 'demo':
      return 'succeeded';
    case 'slow':
      return 'slow';
    case 'timeout':
      return 'timeout';
    case 'rejected':
      return 'rejected';
    default:
      return 'wrongCredentials';
  }
}

export function createSandboxOpenBankingProvider(): OpenBankingProvider {
  return {
    name: 'sandbox',
    async initWidget(input) {
      const sessionId = `sbx_${randomBytes(24).toString('base64url')}`;
      const state: SandboxState = {
        flavour: input.flavour,
        appOrigin: input.appOrigin,
        holderName: input.holderName,
        bankCode: input.bankCode ?? null,
        failedLogins: 0,
        login: null,
      };
      const widgetUrl = `${input.serverOrigin}/sandbox/open-banking/${input.flavour}?session=${encodeURIComponent(sessionId)}`;
      return { sessionId, widgetUrl, providerState: JSON.stringify(state) };
    },
    async sessionResult(session, now) {
      return sandboxResult(session, now);
    },
  };
}

/** What the sandbox answers for a session at `now`. */
export function sandboxResult(
  session: OpenBankingSession,
  now: Date,
): { status: ProviderSessionStatus; accounts: ScrapedAccount[] } {
  const state = parseSandboxState(session.providerState);
  if (!state) return { status: 'sessionFailed', accounts: [] };
  const { login } = state;
  if (!login) {
    const expired = now.getTime() - session.createdAt.getTime() > SANDBOX_SESSION_TTL_MS;
    return { status: expired ? 'unnaxResponseTimeout' : 'inProgress', accounts: [] };
  }
  switch (login.scenario) {
    case 'wrongCredentials':
      return { status: 'sessionFailed', accounts: [] };
    case 'timeout':
      return { status: 'unnaxResponseTimeout', accounts: [] };
    case 'slow':
      if (session.polls - login.pollsAtLogin <= SLOW_POLLS) return { status: 'inProgress', accounts: [] };
      break;
    default:
      break;
  }
  return {
    status: 'succeeded',
    accounts: sandboxAccounts({
      seed: session.id,
      bankCode: login.bankCode,
      holderName: state.holderName,
      today: todayInMadrid(now),
      withSalary: login.scenario !== 'rejected',
    }),
  };
}

/** The widget's view of a session: its flavour, the app's origin and whether it still waits for a login. */
export interface SandboxWidgetSession {
  id: string;
  status: ScrapeSessionStatus;
  state: SandboxState;
}

export async function findSandboxWidgetSession(db: Executor, id: string): Promise<SandboxWidgetSession | null> {
  const [row] = await db
    .select({ id: scrapeSessions.id, status: scrapeSessions.status, providerState: scrapeSessions.providerState })
    .from(scrapeSessions)
    .where(eq(scrapeSessions.id, id))
    .limit(1);
  const state = row ? parseSandboxState(row.providerState) : null;
  return row && state ? { id: row.id, status: row.status, state } : null;
}

export type SandboxLoginResult =
  { result: 'connected'; bankName: string } | { result: 'failed'; message: string; attemptsLeft: number };

/** The bank's own refusal, as the sandbox widget shows it (the customer may try again). */
export const SANDBOX_WRONG_CREDENTIALS = 'El usuario o la contraseña no son correctos. Revisa tus claves de acceso.';
/** The last wrong login of a session: the widget ends, the app says what happened. */
export const SANDBOX_NO_ATTEMPTS_LEFT =
  'Has superado el número de intentos permitidos. Vuelve a la aplicación para empezar de nuevo.';

/**
 * The widget's login. Right credentials record the bank and the scenario they choose (once; a second login of the
 * same session is refused). Wrong credentials are counted: the session stays open for another try until the
 * SANDBOX_LOGIN_ATTEMPTS-th, which ends it (sessionFailed when polled). Null when the session is unknown, of another
 * flavour, or already finished or logged in.
 */
export async function sandboxLogin(
  db: Executor,
  input: { sessionId: string; flavour: WidgetFlavour; bankCode: string; username: string; password: string },
  now: Date,
): Promise<SandboxLoginResult | null> {
  const [row] = await db
    .select({ status: scrapeSessions.status, providerState: scrapeSessions.providerState, polls: scrapeSessions.polls })
    .from(scrapeSessions)
    .where(eq(scrapeSessions.id, input.sessionId))
    .limit(1);
  const state = row ? parseSandboxState(row.providerState) : null;
  const bank = bankByCode(input.bankCode);
  if (!row || !state || state.flavour !== input.flavour || state.login || row.status !== 'inProgress') return null;
  if (!bank?.linkable) return null;
  const scenario = scenarioOf(input.username, input.password);
  const failedLogins = state.failedLogins + (scenario === 'wrongCredentials' ? 1 : 0);
  const ends = scenario !== 'wrongCredentials' || failedLogins >= SANDBOX_LOGIN_ATTEMPTS;
  const next: SandboxState = {
    ...state,
    failedLogins,
    login: ends ? { bankCode: bank.code, scenario, pollsAtLogin: row.polls } : null,
  };
  // Guarded by the state read above, so two logins racing on one session cannot both count or both connect.
  const updated = await updateSessionProviderState(db, {
    sessionId: input.sessionId,
    storedState: row.providerState ?? '',
    providerState: JSON.stringify(next),
    bankValue: bank.name,
    at: now,
  });
  if (!updated) return null;
  if (scenario !== 'wrongCredentials') return { result: 'connected', bankName: bank.name };
  const attemptsLeft = SANDBOX_LOGIN_ATTEMPTS - failedLogins;
  return {
    result: 'failed',
    message: attemptsLeft > 0 ? SANDBOX_WRONG_CREDENTIALS : SANDBOX_NO_ATTEMPTS_LEFT,
    attemptsLeft,
  };
}

/** The banks the widgets list. */
export const sandboxBanks = () => SPANISH_BANKS.filter((bank) => bank.linkable);

// ---------------------------------------------------------------------------------------------------------------
// Generated accounts
// ---------------------------------------------------------------------------------------------------------------

/** A small deterministic generator (mulberry32) seeded from a string (FNV-1a). */
function generator(seedText: string) {
  let seed = 0x811c9dc5;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 0x01000193) >>> 0;
  const next = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    digits: (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join(''),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const EMPLOYERS = [
  'SERVICIOS INTEGRALES DEL NORTE SL',
  'DISTRIBUCIONES LEVANTE SA',
  'CONSULTORIA IBERICA DE SISTEMAS SL',
  'HOSTELERIA MEDITERRANEA SL',
] as const;
const GROCERIES = ['MERCADONA', 'CARREFOUR', 'LIDL', 'DIA', 'EROSKI', 'ALCAMPO'] as const;
const SHOPS = ['AMAZON EU SARL', 'ZARA', 'EL CORTE INGLES', 'DECATHLON', 'PRIMARK', 'MEDIA MARKT'] as const;

/** The last working day (Monday-Friday) on or before `date`. */
function payday(date: IsoDate): IsoDate {
  let day = date;
  while (isWeekendIso(day)) day = addDaysIso(day, -1);
  return day;
}

/**
 * The accounts of a sandbox login: at the chosen bank, in the holder's name, with valid IBANs and 90 days of
 * transactions up to `today` (newest first). `withSalary`: a payroll account with a monthly 'NOMINA …' of 2.100 €
 * and a savings account; without: one account whose income is only Bizum and small transfers.
 */
export function sandboxAccounts(input: {
  seed: string;
  bankCode: string;
  holderName: string;
  today: IsoDate;
  withSalary: boolean;
}): ScrapedAccount[] {
  const random = generator(input.seed);
  const bankName = bankNameOf(input.bankCode);
  const branch = random.digits(4);
  const from = addDaysIso(input.today, -89);
  const within = (date: IsoDate) => date >= from && date <= input.today;
  const card = random.digits(4);
  const main: ScrapedTransaction[] = [];
  const savings: ScrapedTransaction[] = [];
  const add = (list: ScrapedTransaction[], date: IsoDate, amountCents: number, description: string) => {
    if (within(date)) list.push({ date, amountCents, description, isSalary: description.startsWith('NOMINA ') });
  };

  // Month by month over the window (four calendar months cover 90 days).
  const [year, month] = isoParts(input.today);
  const employer = random.pick(EMPLOYERS);
  for (let back = 3; back >= 0; back -= 1) {
    // isoDateFromParts takes a month before January (0, −1 …) as the previous year's.
    const on = (day: number) => isoDateFromParts(year, month - back, day);
    if (input.withSalary) {
      add(main, payday(on(28)), SANDBOX_SALARY_CENTS, `NOMINA ${employer}`);
      add(main, on(2), -65_000, 'RECIBO ALQUILER VIVIENDA');
      add(main, on(3), -15_000, 'TRASPASO A CUENTA AHORRO');
      add(savings, on(3), 15_000, 'TRASPASO DESDE CUENTA NOMINA');
    } else {
      add(main, on(5), 30_000, 'TRANSFERENCIA RECIBIDA DE PARTICULAR');
      add(main, on(6), -45_000, 'RECIBO ALQUILER HABITACION');
      add(main, on(12), -4_200, 'DEVOLUCION RECIBO IMPAGADO COMISION');
    }
    add(main, on(9), -random.int(3_800, 7_900), 'RECIBO IBERDROLA CLIENTES SAU');
    add(main, on(15), -3_990, 'RECIBO TELEFONICA DE ESPAÑA SAU');
    add(main, on(20), -random.int(1_500, 4_500), `COMPRA TARJ. *${card} ${random.pick(SHOPS)}`);
  }
  // Weekly groceries, Bizum and a cash withdrawal now and then.
  for (let day = 0; day < 90; day += 1) {
    const date = addDaysIso(from, day);
    const weekday = (day + 3) % 7;
    if (weekday === 0) add(main, date, -random.int(3_500, 9_500), `COMPRA TARJ. *${card} ${random.pick(GROCERIES)}`);
    if (weekday === 4 && random.next() < 0.4) add(main, date, -random.int(1_000, 3_000), 'BIZUM ENVIADO');
    if (weekday === 5 && random.next() < (input.withSalary ? 0.2 : 0.5))
      add(main, date, random.int(1_000, 6_000), 'BIZUM RECIBIDO');
    if (weekday === 6 && random.next() < 0.25) add(main, date, -random.int(2, 6) * 2_000, 'REINTEGRO CAJERO');
  }
  const byDateDesc = (a: ScrapedTransaction, b: ScrapedTransaction) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);
  const balance = (start: number, list: ScrapedTransaction[]) => list.reduce((sum, t) => sum + t.amountCents, start);

  const accounts: ScrapedAccount[] = [
    {
      iban: spanishIban(input.bankCode, branch, random.digits(10)),
      bankName,
      holderName: input.holderName,
      balanceCents: balance(input.withSalary ? 120_000 : 8_000, main),
      transactions: main.sort(byDateDesc),
    },
  ];
  if (input.withSalary) {
    accounts.push({
      iban: spanishIban(input.bankCode, branch, random.digits(10)),
      bankName,
      holderName: input.holderName,
      balanceCents: balance(300_000, savings),
      transactions: savings.sort(byDateDesc),
    });
  }
  return accounts;
}
