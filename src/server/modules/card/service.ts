import { randomBytes } from 'node:crypto';
import { isUsableCardStatus } from '../../../shared/card-statuses.ts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CardCreateAndValidateResult, CardEntity, CardForm, ThreeDsEvent } from '../../../shared/api/card.ts';
import { isSecurityCheckedOrLater } from '../../../shared/statuses.ts';
import { type CardStatus } from '../../../shared/card-statuses.ts';
import { errorCodes } from '../../../shared/api/errors.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { withResourceLock } from '../../db/locks.ts';
import { cards, cardThreeDsSessions } from '../../db/schema/index.ts';
import { recordStatusChange } from '../../db/status-history.ts';
import { faultPoint } from '../../fault-points.ts';
import { ApiError, BusinessError, HttpError } from '../../http/errors.ts';
import type { CardGateway, CardGatewayOrigins, ThreeDsStep } from '../../providers/card-gateway.ts';
import { checkCardForm } from './form.ts';
import {
  findCustomerCard,
  findCustomerCardByKey,
  findSameCard,
  hasActiveUsableCard,
  listCustomerCards,
  lockThreeDsSession,
  openCardThreeDs,
  setOnlyActiveCard,
} from './repository.ts';

/** What the card service needs. */
export interface CardDeps {
  db: Database;
  clock: Clock;
  gateway: CardGateway;
  log: FastifyBaseLogger;
  /** Called after a card of the customer became Valid (committed), e.g. to nudge the payout job. */
  onCardValid?: (customerId: number) => void;
  /**
   * A 3-D Secure flow of a loan payment's card charge ended (`card_three_ds_sessions.payment_id`): the payment
   * module settles (completed) or fails (error) the payment in this transaction (app decoration `paymentThreeDs`).
   */
  onPaymentThreeDs?: (tx: Executor, outcome: { paymentId: number; completed: boolean; at: Date }) => Promise<void>;
}

const lockName = (customerId: number) => `card:customer:${customerId}`;
/** The provider named in 3-D Secure events (second document §3). */
export const THREE_DS_PROVIDER = 'credorax';

/**
 * The masked number as the wire shows it: the stored value (first six + last four, or the last four of older rows);
 * anything that ever held more digits is cut down to that, so no answer holds a full number.
 */
export function wireMasked(stored: string): string {
  if (/^(\d{6})?\*+\d{4}$/.test(stored)) return stored;
  const digits = stored.replace(/\D/g, '');
  if (digits.length >= 10)
    return `${digits.slice(0, 6)}${'*'.repeat(Math.max(digits.length - 10, 6))}${digits.slice(-4)}`;
  return `${'*'.repeat(12)}${digits.slice(-4)}`;
}

/** A 404 in the catalogue's CardNotFound words (another customer's card is not found, never shown). */
function cardNotFound(): ApiError {
  const definition = errorCodes.CardNotFound;
  return new ApiError('CardNotFound', definition.value, 404, definition.title, definition.message);
}

/** CustomerMiniGet: the caller's cards (never another customer's), without the deleted ones. */
export async function customerMiniCards(
  deps: Pick<CardDeps, 'db'>,
  caller: AuthenticatedCustomer,
): Promise<CardEntity[]> {
  const rows = await listCustomerCards(deps.db, caller.id);
  return rows.map((row) => ({
    ...row,
    maskedCardNumber: wireMasked(row.maskedCardNumber),
    brand: row.brand === 'visa' ? 'visa' : 'other',
  }));
}

/** Moves a card's status with its history row (nothing when it is already there). */
async function moveCard(
  tx: Executor,
  card: { id: number; from: CardStatus | null },
  to: CardStatus,
  at: Date,
  reason: string,
) {
  if (card.from === to) return;
  await tx.update(cards).set({ cardStatus: to, updatedAt: at }).where(eq(cards.id, card.id));
  await recordStatusChange(tx, 'card', { id: card.id, from: card.from, to, changedBy: 'customer', reason, at });
}

/** The card turned Valid: principal when the customer has no usable principal card yet. */
async function validated(tx: Executor, customerId: number, cardId: number, from: CardStatus, at: Date, reason: string) {
  await moveCard(tx, { id: cardId, from }, 'Valid', at, reason);
  if (!(await hasActiveUsableCard(tx, customerId))) await setOnlyActiveCard(tx, customerId, cardId, at);
}

const eventOf = (step: ThreeDsStep): ThreeDsEvent => ({
  state: step.state,
  transactionId: step.transactionId,
  provider: step.provider,
  formFields: step.formFields ?? {},
  url: step.url ?? null,
});

/**
 * CardCreateAndValidatePost (idempotent by Idempotency-Key in registerCall): checks the form, has the gateway
 * tokenise and validate the card, and keeps only its token and masked number. The same card entered again (same
 * masked number and expiry) is refused with CardAlreadyRegistered when it is already usable; a NotValidatedYet or
 * Invalid one (an unfinished or failed 3-D Secure) is validated again in its own row. A declined card is not
 * stored. Answers: success (Valid; principal if the first) | cardEntryRequired + challengeNeeded with the 3-D
 * Secure step and the track id | cardEntryRequired + validationFailed with the gateway's Spanish reason.
 */
export async function createAndValidateCard(
  deps: CardDeps,
  caller: AuthenticatedCustomer,
  form: CardForm,
  origins: CardGatewayOrigins,
  idempotencyKey: string | null = null,
): Promise<CardCreateAndValidateResult> {
  if (!isSecurityCheckedOrLater(caller.status)) throw new BusinessError('NotAllowedCustomerStatus');
  const checked = checkCardForm(form, deps.clock.now());
  if (!form.agreementsAccept) throw new BusinessError('TermsNotAccepted');

  if (idempotencyKey !== null) {
    const intent = await findCustomerCardByKey(deps.db, caller.id, idempotencyKey);
    if (intent) return resumedCardAnswer(deps.db, intent);
  }
  // The gateway is called outside any transaction (nothing waits on the card lock or on PGlite meanwhile), with an
  // idempotency reference of this request's key: a retry after a crash gets the first validation back (the same
  // token and 3-D Secure flow), never a second one.
  const validation = await deps.gateway
    .createAndValidate({
      customerId: caller.id,
      card: checked.details,
      origins,
      ...(idempotencyKey === null ? {} : { idempotencyKey: `card:${caller.id}:${idempotencyKey}` }),
    })
    .catch((error: unknown) => {
      // Never the card: only the gateway's error message.
      deps.log.error(
        { customerId: caller.id, gateway: deps.gateway.name, err: errorMessage(error) },
        'card gateway failed',
      );
      throw new BusinessError('CardValidationFailed');
    });
  faultPoint('card:afterValidation');

  const result = await withResourceLock(deps.db, lockName(caller.id), async (tx) => {
    const now = deps.clock.now();
    const identity = {
      maskedCardNumber: validation.maskedCardNumber,
      expiryMonth: checked.expiryMonth,
      expiryYear: checked.expiryYear,
    };
    const same = await findSameCard(tx, caller.id, identity);
    if (same && isUsableCardStatus(same.cardStatus)) throw new BusinessError('CardAlreadyRegistered');

    if (validation.result === 'failed') {
      deps.log.info({ customerId: caller.id, gateway: deps.gateway.name }, 'card declined by the gateway');
      return {
        answer: {
          result: 'cardEntryRequired',
          editPaymentInfoSubReason: 'validationFailed',
          card3dsFlowResponse: null,
          cardId: null,
          message: validation.message ?? '',
          payload: null,
        },
        valid: false,
      } satisfies { answer: CardCreateAndValidateResult; valid: boolean };
    }

    let cardId: number;
    if (same) {
      cardId = same.id;
      await tx
        .update(cards)
        .set({ providerToken: validation.cardToken, brand: validation.brand, idempotencyKey, updatedAt: now })
        .where(eq(cards.id, cardId));
      await moveCard(tx, { id: cardId, from: same.cardStatus }, 'NotValidatedYet', now, 'entered again');
    } else {
      const [row] = await tx
        .insert(cards)
        .values({
          customerId: caller.id,
          ...identity,
          brand: validation.brand,
          cardStatus: 'NotValidatedYet',
          providerToken: validation.cardToken,
          idempotencyKey,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: cards.id });
      cardId = row!.id;
      await recordStatusChange(tx, 'card', {
        id: cardId,
        from: null,
        to: 'NotValidatedYet',
        changedBy: 'customer',
        reason: 'card entered',
        at: now,
      });
    }

    if (validation.result === 'success' || !validation.threeDs) {
      await validated(tx, caller.id, cardId, 'NotValidatedYet', now, 'gateway validation');
      return {
        answer: {
          result: 'success',
          editPaymentInfoSubReason: null,
          card3dsFlowResponse: null,
          cardId,
          message: '',
          payload: null,
        },
        valid: true,
      } satisfies { answer: CardCreateAndValidateResult; valid: boolean };
    }

    const trackId = `tds_${randomBytes(24).toString('base64url')}`;
    await tx.insert(cardThreeDsSessions).values({
      trackId,
      customerId: caller.id,
      cardId,
      transactionId: validation.threeDs.transactionId,
      scenario: validation.threeDsScenario ?? 'challenge',
      state: validation.threeDs.state,
      providerState: validation.providerState,
      createdAt: now,
      updatedAt: now,
    });
    return {
      answer: {
        result: 'cardEntryRequired',
        editPaymentInfoSubReason: 'challengeNeeded',
        card3dsFlowResponse: eventOf(validation.threeDs),
        cardId,
        message: '',
        payload: { transactionId: validation.threeDs.transactionId },
        threeDsTransactionId: trackId,
      },
      valid: false,
    } satisfies { answer: CardCreateAndValidateResult; valid: boolean };
  });
  if (result.valid) deps.onCardValid?.(caller.id);
  return result.answer;
}

/**
 * The answer for a card found under the request's Idempotency-Key (a retry whose first answer was lost): Valid →
 * success; waiting for its 3-D Secure → challengeNeeded with its open track (state `inprogress`: the client polls
 * ThreeDsStateGet for the current step); anything else → validationFailed. Nothing goes to the gateway again.
 */
async function resumedCardAnswer(
  db: Executor,
  card: { id: number; cardStatus: CardStatus },
): Promise<CardCreateAndValidateResult> {
  if (isUsableCardStatus(card.cardStatus))
    return {
      result: 'success',
      editPaymentInfoSubReason: null,
      card3dsFlowResponse: null,
      cardId: card.id,
      message: '',
      payload: null,
    };
  const session = card.cardStatus === 'NotValidatedYet' ? await openCardThreeDs(db, card.id) : undefined;
  if (session)
    return {
      result: 'cardEntryRequired',
      editPaymentInfoSubReason: 'challengeNeeded',
      card3dsFlowResponse: {
        state: 'inprogress',
        transactionId: session.transactionId,
        provider: THREE_DS_PROVIDER,
        formFields: {},
        url: null,
      },
      cardId: card.id,
      message: '',
      payload: { transactionId: session.transactionId },
      threeDsTransactionId: session.trackId,
    };
  return {
    result: 'cardEntryRequired',
    editPaymentInfoSubReason: 'validationFailed',
    card3dsFlowResponse: null,
    cardId: null,
    message: '',
    payload: null,
  };
}

/**
 * ThreeDsStateGet: where the caller's 3-D Secure flow of `trackId` stands (second document §4 states). The gateway
 * is asked while the flow is open; `completed` makes the card Valid (principal if the customer has none), `error`
 * makes it Invalid (for a loan payment's charge: `completed` settles the payment, `error` fails it), and both are final (later polls answer them again without the gateway). Another customer's
 * or an unknown track id → 404; a gateway failure → 3DS_FLOW_FAILED.
 */
export async function threeDsStateOf(
  deps: CardDeps,
  caller: AuthenticatedCustomer,
  trackId: string,
): Promise<ThreeDsEvent> {
  const result = await withResourceLock(deps.db, lockName(caller.id), async (tx) => {
    const session = await lockThreeDsSession(tx, caller.id, trackId);
    if (!session) throw new HttpError('NotFound');
    if (session.state === 'completed' || session.state === 'error') {
      return {
        event: {
          state: session.state,
          transactionId: session.transactionId,
          provider: THREE_DS_PROVIDER,
          formFields: {},
          url: null,
        } satisfies ThreeDsEvent,
        valid: false,
      };
    }
    const { step, providerState } = await deps.gateway
      .threeDsState({ transactionId: session.transactionId, providerState: session.providerState })
      .catch((error: unknown) => {
        deps.log.error(
          { customerId: caller.id, gateway: deps.gateway.name, err: errorMessage(error) },
          '3-D Secure state failed',
        );
        throw new BusinessError('3DS_FLOW_FAILED');
      });
    const now = deps.clock.now();
    const final = step.state === 'completed' || step.state === 'error';
    await tx
      .update(cardThreeDsSessions)
      .set({ state: step.state, providerState, updatedAt: now, ...(final ? { completedAt: now } : {}) })
      .where(eq(cardThreeDsSessions.trackId, trackId));
    let valid = false;
    if (final && session.paymentId !== null) {
      // A loan payment's charge: the card is already valid; the payment is settled or failed.
      await deps.onPaymentThreeDs?.(tx, {
        paymentId: session.paymentId,
        completed: step.state === 'completed',
        at: now,
      });
    } else if (final) {
      const card = await findCustomerCard(tx, caller.id, session.cardId);
      if (card && card.cardStatus === 'NotValidatedYet') {
        if (step.state === 'completed') {
          await validated(tx, caller.id, card.id, card.cardStatus, now, '3-D Secure completed');
          valid = true;
        } else {
          await moveCard(tx, { id: card.id, from: card.cardStatus }, 'Invalid', now, '3-D Secure failed');
        }
      }
    }
    return { event: eventOf(step), valid };
  });
  if (result.valid) deps.onCardValid?.(caller.id);
  return result.event;
}

/** CardSetActivePutByCardId: the caller's usable card becomes the only principal one; others' → 404 CardNotFound. */
export async function setActiveCard(deps: CardDeps, caller: AuthenticatedCustomer, cardId: number): Promise<true> {
  await withResourceLock(deps.db, lockName(caller.id), async (tx) => {
    const card = await findCustomerCard(tx, caller.id, cardId);
    if (!card) throw cardNotFound();
    if (!isUsableCardStatus(card.cardStatus)) throw new BusinessError('CardValidationFailed');
    await setOnlyActiveCard(tx, caller.id, cardId, deps.clock.now());
  });
  return true;
}

/** CardProviderTokenCheckGetByCardId: whether the caller's card can be charged (a token and a usable status). */
export async function providerTokenCheck(
  deps: Pick<CardDeps, 'db'>,
  caller: AuthenticatedCustomer,
  cardId: number,
): Promise<{ cardId: number; hasValidToken: boolean }> {
  const card = await findCustomerCard(deps.db, caller.id, cardId);
  if (!card) throw cardNotFound();
  return { cardId, hasValidToken: card.providerToken !== null && isUsableCardStatus(card.cardStatus) };
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);
