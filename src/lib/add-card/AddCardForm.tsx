import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from 'jotai';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../api/errors.ts';
import { onlineAtom } from '../pwa/network-status.ts';
import { ThreeDsFlow } from '../three-ds/ThreeDsFlow.tsx';
import type { ThreeDsFlowEvent, ThreeDsOutcome } from '../three-ds/three-ds-flow.ts';
import { Button } from '../ui/Button.tsx';
import { Checkbox } from '../ui/Checkbox.tsx';
import { FormSelect } from '../ui/FormSelect.tsx';
import { TextField } from '../ui/TextField.tsx';
import { showToast } from '../ui/toast-store.ts';
import { useSingleFlight } from '../ui/use-single-flight.ts';
import { cardNumberAsTyped } from '../../shared/card-display.ts';
import { LENGTHS } from '../../shared/constants.ts';
import { expiryMonths, expiryYears, makeCardSchema } from '../../shared/validators/card.ts';
import { createAndValidateCard } from './create-card.ts';
import { getThreeDsState } from '../api/calls/three-ds-state.ts';
import { ADD_CARD_ERRORS, ADD_CARD_TEXTS } from './texts.ts';
import './add-card.css';
import { answerOfError, answerOfResult, type CardAnswer } from './card-answer.ts';

const cardSchema = makeCardSchema();
const WARNING_TOAST_ID = 'add-card-warning';
type CardValues = z.input<typeof cardSchema>;
type CardOutput = z.output<typeof cardSchema>;

/** The box starts unticked; the schema's input type only names the value it accepts (true). */
const emptyCard = {
  cardNumber: '',
  expiryMonth: '',
  expiryYear: '',
  cv2: '',
  agreementsAccept: false,
} as unknown as CardValues;

export interface AddCardFormProps {
  /** 'Siguiente', or 'Recibir mis {amount}' (the page decides). */
  readonly submitLabel: string;
  /** The card was added (directly or after 3-D Secure). */
  readonly onAdded: () => void;
  /** NotAllowedCustomerStatus: the page sends the customer to dashboardDeclined. */
  readonly onDeclined: () => void;
}

/**
 * The card form (second document §2, §5; first document's card fields): cardNumber (16 digits with the Luhn check,
 * shown in groups of 4 while typing), expiryMonth (01-12), expiryYear (this year … +21), cv2 (3 digits) and
 * agreementsAccept. The values live only in this form's memory: nothing is saved, and the CVV is emptied after a
 * failed attempt (a lost connection, a failed or closed 3-D Secure). One CardCreateAndValidatePost per press.
 */
export function AddCardForm({ submitLabel, onAdded, onDeclined }: AddCardFormProps) {
  const store = useStore();
  const { control, handleSubmit, setError, setValue, formState } = useForm<CardValues, unknown, CardOutput>({
    resolver: zodResolver(cardSchema),
    mode: 'onTouched',
    defaultValues: emptyCard,
  });
  const [alert, setAlert] = useState<{ tone: 'warning' | 'offline'; text: string } | null>(null);
  const [threeDs, setThreeDs] = useState<{ event: ThreeDsFlowEvent; trackId: string } | null>(null);
  const monthOptions = useMemo(() => expiryMonths.map((month) => ({ value: month, label: month })), []);
  const yearOptions = useMemo(() => expiryYears().map((year) => ({ value: String(year), label: String(year) })), []);

  /** A warning (second document §8 "Cards"): a toast, and the same text above the button (it stays). */
  const warn = (text: string) => {
    setAlert({ tone: 'warning', text });
    showToast({ id: WARNING_TOAST_ID, alertType: 'warning', content: text });
  };

  const forgetCvv = () => setValue('cv2', '', { shouldValidate: false, shouldDirty: false, shouldTouch: false });

  const apply = (answer: CardAnswer) => {
    switch (answer.kind) {
      case 'added':
        onAdded();
        return;
      case 'threeDs':
        setThreeDs({ event: answer.event, trackId: answer.trackId });
        return;
      case 'warning':
        warn(answer.message);
        return;
      case 'fieldError':
        setError(answer.field, { type: 'server', message: answer.message }, { shouldFocus: true });
        return;
      case 'declined':
        onDeclined();
        return;
      case 'offline':
        forgetCvv();
        setAlert({ tone: 'offline', text: ADD_CARD_TEXTS.offline });
        return;
      case 'global':
        return;
    }
  };

  // One press, one call (one Idempotency-Key): a second Enter or tap while the first runs is ignored.
  const [submit, submitting] = useSingleFlight(async (card: CardOutput) => {
    setAlert(null);
    if (!store.get(onlineAtom) || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
      apply({ kind: 'offline' });
      return;
    }
    try {
      apply(answerOfResult(await createAndValidateCard(card)));
    } catch (error) {
      if (!isApiError(error)) throw error;
      apply(answerOfError(error));
    }
  });

  const threeDsDone = (outcome: ThreeDsOutcome) => {
    setThreeDs(null);
    if (outcome.kind === 'success') {
      onAdded();
      return;
    }
    forgetCvv();
    warn(outcome.kind === 'aborted' ? ADD_CARD_ERRORS.threeDsAborted : ADD_CARD_ERRORS.threeDsFailed);
  };

  return (
    <>
      <form
        className="ui-form add-card-form"
        noValidate
        aria-label={ADD_CARD_TEXTS.formLabel}
        onSubmit={(event) => void handleSubmit(submit)(event)}
      >
        <Controller
          control={control}
          name="cardNumber"
          render={({ field, fieldState }) => (
            <TextField
              label={ADD_CARD_TEXTS.cardNumber}
              description={ADD_CARD_TEXTS.cardNumberHint}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(typed) => field.onChange(cardNumberAsTyped(typed, LENGTHS.cardNumber))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              errorMessage={fieldState.error?.message}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={LENGTHS.cardNumber + 3}
              isRequired
            />
          )}
        />
        <div className="add-card-row">
          <FormSelect control={control} name="expiryMonth" label={ADD_CARD_TEXTS.expiryMonth} options={monthOptions} />
          <FormSelect control={control} name="expiryYear" label={ADD_CARD_TEXTS.expiryYear} options={yearOptions} />
        </div>
        <Controller
          control={control}
          name="cv2"
          render={({ field, fieldState }) => (
            <TextField
              className="add-card-cvv"
              label={ADD_CARD_TEXTS.cv2}
              description={ADD_CARD_TEXTS.cv2Hint}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(typed) => field.onChange(typed.replace(/\D/g, '').slice(0, LENGTHS.cvv))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              errorMessage={fieldState.error?.message}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={LENGTHS.cvv}
              isRequired
            />
          )}
        />
        <Controller
          control={control}
          name="agreementsAccept"
          render={({ field, fieldState }) => (
            <Checkbox
              name={field.name}
              isSelected={field.value === true}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              isRequired
              errorMessage={fieldState.error?.message}
            >
              {ADD_CARD_TEXTS.agreementsAccept}
            </Checkbox>
          )}
        />
        <p className="add-card-security">{ADD_CARD_TEXTS.security}</p>
        {alert && (
          <p className="add-card-alert" role="alert" data-tone={alert.tone}>
            {alert.text}
          </p>
        )}
        <Button type="submit" fullWidth isLoading={submitting || formState.isSubmitting || threeDs !== null}>
          {submitLabel}
        </Button>
      </form>
      {threeDs && (
        <ThreeDsFlow event={threeDs.event} trackId={threeDs.trackId} poll={getThreeDsState} onDone={threeDsDone} />
      )}
    </>
  );
}
