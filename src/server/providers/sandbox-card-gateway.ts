import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { z } from 'zod';
import type { Database, Executor, Transaction } from '../db/connect.ts';
import { cardThreeDsSessions, sandboxProviderOperations } from '../db/schema/index.ts';
import type {
  CardCharge,
  CardDetails,
  CardGateway,
  CardGatewayOrigins,
  CardValidation,
  ThreeDsStep,
  VoidedCharge,
} from './card-gateway.ts';
import { parseStoredState } from './sandbox-pages.ts';

/**
 * The sandbox card gateway (docs/sandbox.md "Sandbox test cards"). Any future expiry date and any 3-digit CVV:
 *
 *   4111111111111111  success without 3-D Secure
 *   4000000000003220  3-D Secure challenge ('Autorizar' → completed, 'Cancelar' → error)
 *   4000000000003063  device fingerprint (the client posts formFields to the dfp endpoint), then the challenge
 *   4000000000003246  3-D Secure challenge that fails: error even after 'Autorizar'
 *   4000000000000002  declined: 'El banco emisor ha denegado la tarjeta.'
 *   any other number passing Luhn: success without 3-D Secure
 *
 * Charges (a loan payment): a card entered as 4000000000003220, …3063 or …3246 asks for 3-D Secure on EVERY charge
 * with the same scenario (its token says which: `sbx_tok_<random>.<scenario>`); any other card charges at once. A
 * token the sandbox did not issue (not `sbx_tok_…`) is declined: 'El banco emisor ha denegado el cargo.'. Like a
 * real gateway it keeps a ledger of charges by idempotency key (sandbox_provider_operations): a charge repeated
 * with the same key answers the first outcome and never charges twice; `voidCharge` closes a key for good.
 *
 * It tokenises like a real gateway: the app gets an opaque token and the masked number (first six + last four),
 * never the number or the CVV, which the sandbox does not keep either. The 3-D Secure flow's state is JSON the app
 * keeps for the gateway (card_three_ds_sessions.provider_state); the sandbox pages under `/sandbox/card-gateway/…`
 * (the device fingerprint endpoint and the challenge page) change it through the functions below.
 */

export const SANDBOX_CARD_PROVIDER = 'credorax';
export const SANDBOX_CARD_PATHS = {
  challenge: '/sandbox/card-gateway/challenge',
  challengeDecision: '/sandbox/card-gateway/challenge/decision',
  challengeScript: '/sandbox/card-gateway/challenge.js',
  dfp: '/sandbox/card-gateway/dfp',
} as const;

export const SANDBOX_TEST_CARDS = {
  frictionless: '4111111111111111',
  challenge: '4000000000003220',
  fingerprintThenChallenge: '4000000000003063',
  challengeThenFailure: '4000000000003246',
  declined: '4000000000000002',
} as const;

export const SANDBOX_DECLINE_MESSAGE = 'El banco emisor ha denegado la tarjeta.';

export type SandboxThreeDsScenario = 'challenge' | 'fingerprintThenChallenge' | 'challengeThenFailure';

const stateSchema = z.object({
  scenario: z.enum(['challenge', 'fingerprintThenChallenge', 'challengeThenFailure']),
  /** fingerprint: waiting for the dfp post; challenge: the page is open; decided: a button was pressed. */
  stage: z.enum(['fingerprint', 'challenge', 'decided']),
  decision: z.enum(['authorize', 'cancel']).nullable(),
  /** The poll after the decision answers inprogress once; this marks it answered. */
  inProgressAnswered: z.boolean(),
  appOrigin: z.string(),
  serverOrigin: z.string(),
  maskedCardNumber: z.string(),
  /** When the device fingerprint post arrived and how many fields it had (never their values). */
  fingerprint: z.object({ receivedAt: z.string(), fields: z.number().int() }).nullable(),
});
export type SandboxThreeDsState = z.infer<typeof stateSchema>;

export const parseSandboxThreeDsState = (text: string | null): SandboxThreeDsState | null =>
  parseStoredState(stateSchema, text);

/** First six and last four digits, the rest asterisks (PCI DSS): `411111******1111`. */
export function maskCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits.length < 10) return '*'.repeat(digits.length);
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

const scenarioOf = (cardNumber: string): SandboxThreeDsScenario | 'frictionless' | 'declined' => {
  switch (cardNumber) {
    case SANDBOX_TEST_CARDS.challenge:
      return 'challenge';
    case SANDBOX_TEST_CARDS.fingerprintThenChallenge:
      return 'fingerprintThenChallenge';
    case SANDBOX_TEST_CARDS.challengeThenFailure:
      return 'challengeThenFailure';
    case SANDBOX_TEST_CARDS.declined:
      return 'declined';
    default:
      return 'frictionless';
  }
};

const challengeUrl = (state: SandboxThreeDsState, transactionId: string) =>
  `${state.serverOrigin}${SANDBOX_CARD_PATHS.challenge}?transactionId=${encodeURIComponent(transactionId)}`;

/** The step a flow is at, and its state after answering it. */
export function sandboxThreeDsStep(
  transactionId: string,
  state: SandboxThreeDsState | null,
): { step: ThreeDsStep; state: SandboxThreeDsState | null } {
  const base = { transactionId, provider: SANDBOX_CARD_PROVIDER };
  if (!state) return { step: { ...base, state: 'error' }, state };
  switch (state.stage) {
    case 'fingerprint':
      // The client posts the fields and polls: until the post arrives, keep it waiting.
      return { step: { ...base, state: 'inprogress' }, state };
    case 'challenge':
      return { step: { ...base, state: 'iframe', url: challengeUrl(state, transactionId), formFields: {} }, state };
    case 'decided': {
      if (!state.inProgressAnswered) {
        return { step: { ...base, state: 'inprogress' }, state: { ...state, inProgressAnswered: true } };
      }
      const passed = state.decision === 'authorize' && state.scenario !== 'challengeThenFailure';
      return { step: { ...base, state: passed ? 'completed' : 'error' }, state };
    }
  }
}

/** The 3-D Secure scenario a token asks for on every charge (null: none). */
function chargeScenarioOf(cardToken: string): SandboxThreeDsScenario | null {
  const suffix = cardToken.split('.')[1];
  return suffix === 'challenge' || suffix === 'fingerprintThenChallenge' || suffix === 'challengeThenFailure'
    ? suffix
    : null;
}

/** The first step of a new 3-D Secure flow and its state. */
function firstThreeDsStep(
  scenario: SandboxThreeDsScenario,
  transactionId: string,
  origins: CardGatewayOrigins,
  maskedCardNumber: string,
): { threeDs: ThreeDsStep; state: SandboxThreeDsState } {
  const state: SandboxThreeDsState = {
    scenario,
    stage: scenario === 'fingerprintThenChallenge' ? 'fingerprint' : 'challenge',
    decision: null,
    inProgressAnswered: false,
    appOrigin: origins.appOrigin,
    serverOrigin: origins.serverOrigin,
    maskedCardNumber,
    fingerprint: null,
  };
  const threeDs: ThreeDsStep =
    state.stage === 'fingerprint'
      ? {
          state: 'dfpPost',
          transactionId,
          provider: SANDBOX_CARD_PROVIDER,
          url: `${origins.serverOrigin}${SANDBOX_CARD_PATHS.dfp}`,
          formFields: {
            transactionId,
            threeDSMethodData: Buffer.from(JSON.stringify({ threeDSServerTransID: transactionId })).toString(
              'base64url',
            ),
          },
        }
      : {
          state: 'iframe',
          transactionId,
          provider: SANDBOX_CARD_PROVIDER,
          url: challengeUrl(state, transactionId),
          formFields: {},
        };
  return { threeDs, state };
}

/** What a charge of a voided idempotency key answers: nothing is charged. */
export const SANDBOX_VOIDED_CHARGE_MESSAGE = 'El cargo se ha anulado: no se ha cobrado nada.';

const chargeOutcomeSchema = z.object({
  status: z.enum(['succeeded', 'failed', 'challengeNeeded', 'voided']),
  transactionId: z.string().optional(),
  message: z.string().nullable().optional(),
  /** The 3-D Secure flow's transaction id of a charge that asked for one. */
  threeDsId: z.string().optional(),
});
type ChargeOutcome = z.infer<typeof chargeOutcomeSchema>;

/**
 * The sandbox's charge ledger row of a key, read under its row lock in `tx`; null when the key never charged.
 */
async function lockedCharge(tx: Transaction, key: string) {
  const [row] = await tx
    .select()
    .from(sandboxProviderOperations)
    .where(eq(sandboxProviderOperations.idempotencyKey, key))
    .for('update');
  return row ? chargeOutcomeSchema.parse(JSON.parse(row.outcome)) : null;
}

/** Whether the 3-D Secure flow of a charge ended authorised (the charge is then made). */
async function threeDsAuthorised(db: Executor, threeDsId: string | undefined): Promise<boolean> {
  if (!threeDsId) return false;
  const state = await findSandboxThreeDs(db, threeDsId);
  return state?.stage === 'decided' && state.decision === 'authorize' && state.scenario !== 'challengeThenFailure';
}

export function createSandboxCardGateway(deps: { db: Database; clock: Clock }): CardGateway {
  const { db, clock } = deps;
  // Inside a ledger transaction every query goes through `tx` (PGlite has one connection: `db` there would wait
  // for the transaction itself).
  /** The charge of a key as the gateway would answer it again (a 3-D Secure charge whose flow is over included). */
  const recordedCharge = async (tx: Executor, outcome: ChargeOutcome, key: string): Promise<CardCharge> => {
    const transactionId = outcome.transactionId ?? '';
    if (outcome.status === 'voided')
      return { status: 'failed', transactionId, threeDs: null, message: SANDBOX_VOIDED_CHARGE_MESSAGE };
    if (outcome.status === 'challengeNeeded') {
      if (await threeDsAuthorised(tx, outcome.threeDsId))
        return { status: 'succeeded', transactionId, threeDs: null, message: null };
      return { status: 'challengeNeeded', transactionId: outcome.threeDsId ?? key, threeDs: null, message: null };
    }
    return { status: outcome.status, transactionId, threeDs: null, message: outcome.message ?? null };
  };
  function validate(card: CardDetails, origins: CardGatewayOrigins): CardValidation {
    const digits = card.cardNumber.replace(/\D/g, '');
    const maskedCardNumber = maskCardNumber(digits);
    const brand = digits.startsWith('4') ? 'visa' : 'other';
    const scenario = scenarioOf(digits);
    const transactionId = `sbx3ds_${randomBytes(18).toString('base64url')}`;
    const common = { maskedCardNumber, brand, message: null } as const;
    if (scenario === 'declined') {
      return {
        ...common,
        result: 'failed',
        cardToken: null,
        threeDs: null,
        providerState: null,
        threeDsScenario: null,
        message: SANDBOX_DECLINE_MESSAGE,
      } satisfies CardValidation;
    }
    const random = `sbx_tok_${randomBytes(18).toString('base64url')}`;
    const cardToken = scenario === 'frictionless' ? random : `${random}.${scenario}`;
    if (scenario === 'frictionless') {
      return {
        ...common,
        result: 'success',
        cardToken,
        threeDs: null,
        providerState: null,
        threeDsScenario: null,
      } satisfies CardValidation;
    }
    const { threeDs, state } = firstThreeDsStep(scenario, transactionId, origins, maskedCardNumber);
    return {
      ...common,
      result: 'challengeNeeded',
      cardToken,
      threeDs,
      providerState: JSON.stringify(state),
      threeDsScenario: scenario,
    } satisfies CardValidation;
  }

  return {
    name: 'sandbox',
    async createAndValidate({ card, origins, idempotencyKey }) {
      if (idempotencyKey === undefined) return validate(card, origins);
      // Like a real gateway: the same key answers the first validation (its token, its 3-D Secure flow).
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sandboxProviderOperations)
          .where(eq(sandboxProviderOperations.idempotencyKey, idempotencyKey))
          .for('update');
        if (row) return JSON.parse(row.outcome) as CardValidation;
        const validation = validate(card, origins);
        await tx.insert(sandboxProviderOperations).values({
          idempotencyKey,
          kind: 'validation',
          outcome: JSON.stringify(validation),
          amountCents: null,
          createdAt: clock.now(),
        });
        return validation;
      });
    },
    async threeDsState(flow) {
      const { step, state } = sandboxThreeDsStep(flow.transactionId, parseSandboxThreeDsState(flow.providerState));
      return { step, providerState: state ? JSON.stringify(state) : flow.providerState };
    },
    async charge(input) {
      const key = input.idempotencyKey;
      return db.transaction(async (tx) => {
        // The ledger row's lock orders concurrent charges and voids of one key: the first decides, the rest read it.
        const recorded = await lockedCharge(tx, key);
        if (recorded) return recordedCharge(tx, recorded, key);
        const transactionId = `sbxchg_${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;
        const ok = input.cardToken.startsWith('sbx_tok_') && input.amountCents > 0;
        const scenario = ok ? chargeScenarioOf(input.cardToken) : null;
        let charge: CardCharge;
        let outcome: ChargeOutcome;
        if (!ok) {
          const message = 'El banco emisor ha denegado el cargo.';
          charge = { status: 'failed', transactionId, threeDs: null, message };
          outcome = { status: 'failed', transactionId, message };
        } else if (scenario === null || !input.origins) {
          charge = { status: 'succeeded', transactionId, threeDs: null, message: null };
          outcome = { status: 'succeeded', transactionId };
        } else {
          const threeDsId = `sbx3ds_${createHash('sha256').update(`3ds:${key}`).digest('base64url').slice(0, 24)}`;
          const first = firstThreeDsStep(scenario, threeDsId, input.origins, input.maskedCardNumber ?? '');
          charge = {
            status: 'challengeNeeded',
            transactionId: threeDsId,
            threeDs: first.threeDs,
            message: null,
            providerState: JSON.stringify(first.state),
            threeDsScenario: scenario,
          };
          outcome = { status: 'challengeNeeded', transactionId, threeDsId };
        }
        await tx.insert(sandboxProviderOperations).values({
          idempotencyKey: key,
          kind: 'charge',
          outcome: JSON.stringify(outcome),
          amountCents: charge.status === 'succeeded' || charge.status === 'challengeNeeded' ? input.amountCents : null,
          createdAt: clock.now(),
        });
        return charge;
      });
    },
    async voidCharge(key): Promise<VoidedCharge> {
      return db.transaction(async (tx) => {
        const recorded = await lockedCharge(tx, key);
        if (recorded && recorded.status !== 'challengeNeeded') {
          const charge = await recordedCharge(tx, recorded, key);
          return charge.status === 'succeeded' || charge.status === 'failed'
            ? { status: charge.status, transactionId: charge.transactionId, message: charge.message }
            : { status: 'voided' };
        }
        if (recorded && (await threeDsAuthorised(tx, recorded.threeDsId))) {
          return { status: 'succeeded', transactionId: recorded.transactionId ?? '', message: null };
        }
        const voided = JSON.stringify({ ...recorded, status: 'voided' } satisfies ChargeOutcome);
        await tx
          .insert(sandboxProviderOperations)
          .values({ idempotencyKey: key, kind: 'charge', outcome: voided, amountCents: null, createdAt: clock.now() })
          .onConflictDoUpdate({
            target: sandboxProviderOperations.idempotencyKey,
            set: { outcome: voided, amountCents: null },
          });
        return { status: 'voided' };
      });
    },
  };
}

/**
 * The sandbox ledger's charges (tests and the recovery checks count what the "provider" charged): each key's
 * status and amount, voided keys included.
 */
export async function sandboxCharges(
  db: Database,
): Promise<Array<{ key: string; status: string; amountCents: number | null }>> {
  const rows = await db.select().from(sandboxProviderOperations).where(eq(sandboxProviderOperations.kind, 'charge'));
  return rows.map((row) => ({
    key: row.idempotencyKey,
    status: chargeOutcomeSchema.parse(JSON.parse(row.outcome)).status,
    amountCents: row.amountCents,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// The sandbox pages' side (the gateway's own servers, in a real one)
// ---------------------------------------------------------------------------------------------------------------

/** The flow of a transaction id as its pages see it (null: unknown or not a sandbox flow). */
export async function findSandboxThreeDs(db: Executor, transactionId: string) {
  const [row] = await db
    .select({ providerState: cardThreeDsSessions.providerState })
    .from(cardThreeDsSessions)
    .where(eq(cardThreeDsSessions.transactionId, transactionId))
    .limit(1);
  return row ? parseSandboxThreeDsState(row.providerState) : null;
}

/** Changes a flow's sandbox state under the row's lock (the app's polls take the same lock). */
async function updateSandboxThreeDs(
  db: Database,
  transactionId: string,
  change: (state: SandboxThreeDsState) => SandboxThreeDsState | null,
): Promise<SandboxThreeDsState | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ trackId: cardThreeDsSessions.trackId, providerState: cardThreeDsSessions.providerState })
      .from(cardThreeDsSessions)
      .where(eq(cardThreeDsSessions.transactionId, transactionId))
      .limit(1)
      .for('update');
    const state = row ? parseSandboxThreeDsState(row.providerState) : null;
    if (!row || !state) return null;
    const next = change(state);
    if (!next) return null;
    await tx
      .update(cardThreeDsSessions)
      .set({ providerState: JSON.stringify(next) })
      .where(eq(cardThreeDsSessions.trackId, row.trackId));
    return next;
  });
}

/**
 * The device fingerprint post arrived (the hidden form of the dfpPost step): the flow moves on to the challenge.
 * Only the number of fields is recorded. A repeated post is accepted and changes nothing; null when unknown.
 */
export function sandboxFingerprintPost(db: Database, transactionId: string, fields: number, now: Date) {
  return updateSandboxThreeDs(db, transactionId, (state) => {
    if (state.stage !== 'fingerprint') return state;
    return { ...state, stage: 'challenge', fingerprint: { receivedAt: now.toISOString(), fields } };
  });
}

/** 'Autorizar' or 'Cancelar' on the challenge page; null when unknown or not at the challenge. */
export function sandboxChallengeDecision(db: Database, transactionId: string, decision: 'authorize' | 'cancel') {
  return updateSandboxThreeDs(db, transactionId, (state) =>
    state.stage === 'challenge' ? { ...state, stage: 'decided', decision } : null,
  );
}
