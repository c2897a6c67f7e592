import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { z } from 'zod';
import type { Database, Executor, Transaction } from '../db/connect.ts';
import { sandboxProviderOperations } from '../db/schema/index.ts';
import { recordSandboxOperation, recordVoidedCharge } from './sandbox-operations.ts';
import type {
  CardCharge,
  CardDetails,
  CardGateway,
  CardGatewayOrigins,
  CardValidation,
  VoidedCharge,
} from './card-gateway.ts';
import {
  findSandboxThreeDs,
  firstThreeDsStep,
  parseSandboxThreeDsState,
  sandboxThreeDsStep,
  type SandboxThreeDsScenario,
} from './sandbox-card-gateway-three-ds.ts';

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
 * never the number or the CVV, which the sandbox does not keep either. The 3-D Secure flow (its state, its steps and
 * the sandbox pages' changes to it) is ./sandbox-card-gateway-three-ds.ts.
 */

export const SANDBOX_TEST_CARDS = {
  frictionless: '4111111111111111',
  challenge: '4000000000003220',
  fingerprintThenChallenge: '4000000000003063',
  challengeThenFailure: '4000000000003246',
  declined: '4000000000000002',
} as const;

export const SANDBOX_DECLINE_MESSAGE = 'El banco emisor ha denegado la tarjeta.';

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

/** The 3-D Secure scenario a token asks for on every charge (null: none). */
function chargeScenarioOf(cardToken: string): SandboxThreeDsScenario | null {
  const suffix = cardToken.split('.')[1];
  return suffix === 'challenge' || suffix === 'fingerprintThenChallenge' || suffix === 'challengeThenFailure'
    ? suffix
    : null;
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
        await recordSandboxOperation(tx, {
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
        await recordSandboxOperation(tx, {
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
        await recordVoidedCharge(tx, key, voided, clock.now());
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
