import { useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, isBusinessError } from '../../lib/api/errors.ts';
import { randomId } from '../../lib/api/random-id.ts';
import { loadLoans } from '../../lib/loans/load-loans.ts';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import { RestructureLoanPost } from '../../shared/api/restructure.ts';
import { isLostAnswer } from './api/lost-answer.ts';
import { restructureLoan } from './api/restructure-loan.ts';
import { RESTRUCTURE_TEXTS as TEXT } from './texts.ts';

/** What the confirmation shows under its button. */
export type RestructureOutcome =
  | { readonly kind: 'idle' }
  /** The loan is not (or no longer) the customer's: the page's not-found message. */
  | { readonly kind: 'notFound' }
  | { readonly kind: 'message'; readonly text: string }
  /** The plan changed since it was read (RestructurePlanChanged): nothing changed; the new plan must be read again. */
  | { readonly kind: 'planChanged'; readonly text: string };

/**
 * The 'Confirmar Pago Flexible' press (RestructureLoanPost; HELPERS14 agreement 3): one Idempotency-Key per press,
 * reused by callApi's own retries; after a lost answer (network, timeout, a server failure, the first request still
 * running) the next press sends the SAME key, so the server answers what it did and never restructures twice. An
 * answer (done, refused, not found) ends the intent: the next press gets a new key. A second press while one runs
 * is ignored. Done → the loans are loaded again (the dashboard shows the new plan) and `onDone` runs.
 */
export function useRestructure(loanId: number, preContractDigest: string, onDone: () => void) {
  const store = useStore();
  const [outcome, setOutcome] = useState<RestructureOutcome>({ kind: 'idle' });
  const unanswered = useRef<string | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  const [confirm, running] = useSingleFlight(
    useCallback(async () => {
      const key = unanswered.current ?? randomId();
      unanswered.current = key;
      setOutcome({ kind: 'idle' });
      try {
        await restructureLoan(loanId, preContractDigest, key);
        unanswered.current = null;
        await loadLoans(store);
        done.current();
      } catch (error) {
        if (isApiError(error) && isLostAnswer(error)) {
          setOutcome({ kind: 'message', text: TEXT.lostAnswer });
          return;
        }
        unanswered.current = null;
        if (isApiError(error) && error.status === 404) {
          setOutcome({ kind: 'notFound' });
          return;
        }
        if (isBusinessError(error, RestructureLoanPost)) {
          const text = error.errors[0]?.message || TEXT.failed;
          setOutcome(error.has('RestructurePlanChanged') ? { kind: 'planChanged', text } : { kind: 'message', text });
          return;
        }
        if (!isApiError(error)) console.error('Restructure: unexpected failure', error);
        setOutcome({ kind: 'message', text: TEXT.failed });
      }
    }, [loanId, preContractDigest, store]),
  );

  return { confirm, running, outcome };
}
