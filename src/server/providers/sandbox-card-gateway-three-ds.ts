import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../db/connect.ts';
import { cardThreeDsSessions } from '../db/schema/index.ts';
import { setThreeDsProviderState } from '../modules/card/index.ts';
import type { CardGatewayOrigins, ThreeDsStep } from './card-gateway.ts';
import { parseStoredState } from './sandbox-pages.ts';

/**
 * The sandbox card gateway's 3-D Secure flow (docs/sandbox.md "Sandbox test cards"; the gateway that starts it:
 * ./sandbox-card-gateway.ts). Its state is JSON the app keeps for the gateway (card_three_ds_sessions.provider_state):
 * the step a flow is at is read from it, and the sandbox pages under `/sandbox/card-gateway/…` (the device
 * fingerprint endpoint and the challenge page: ./sandbox-card-gateway-page.ts) change it through the functions below,
 * as the gateway's own servers would in a real one.
 */

export const SANDBOX_CARD_PROVIDER = 'credorax';
export const SANDBOX_CARD_PATHS = {
  challenge: '/sandbox/card-gateway/challenge',
  challengeDecision: '/sandbox/card-gateway/challenge/decision',
  challengeScript: '/sandbox/card-gateway/challenge.js',
  dfp: '/sandbox/card-gateway/dfp',
} as const;

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

/** The first step of a new 3-D Secure flow and its state. */
export function firstThreeDsStep(
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

// The sandbox pages' side (the gateway's own servers, in a real one)

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
    await setThreeDsProviderState(tx, row.trackId, JSON.stringify(next));
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
