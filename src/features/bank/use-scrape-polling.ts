import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, isBusinessError, type ApiErrorKind } from '../../lib/api/errors.ts';
import { globalOutcomeFor } from '../../lib/api/error-catalogue.ts';
import { AccountsAfterScrapeGet } from '../../shared/api/bank.ts';
import { LOAN_FLOW_DELAYS } from '../../shared/constants.ts';
import { getScrapeResult } from './api/get-scrape-result.ts';
import { scrapeOutcome, type ScrapeOutcome } from './scrape-outcome.ts';
import { BANK_PAGE_TEXTS } from './texts.ts';

/** Failures of the connection, not of the session: the polling goes on. */
const transportFailures = new Set<ApiErrorKind>(['network', 'offline', 'timeout']);

export type FinalScrapeOutcome = Exclude<ScrapeOutcome, { kind: 'processing' }>;

/**
 * Polls AccountsAfterScrapeGet for a scrape session (second document §4 "Bank scrape"): at once, then again 10 s
 * after each inProgress answer, until the session ends; `processing` is true meanwhile ('Procesando'). A lost
 * connection (offline, network, timeout) is asked again 10 s later too; any other failed call ends the polling with
 * the scrape error (empty `message` when the global catalogue has already spoken, e.g. 5xx). Stops when the page
 * goes away.
 */
export function useScrapePolling(onFinished: (outcome: FinalScrapeOutcome) => void) {
  const [processing, setProcessing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    controller.current?.abort();
    controller.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    (sessionId: string) => {
      stop();
      const abort = new AbortController();
      controller.current = abort;
      setProcessing(true);
      const ask = async () => {
        let outcome: ScrapeOutcome;
        try {
          outcome = scrapeOutcome((await getScrapeResult(sessionId, abort.signal)).status);
        } catch (error) {
          if (abort.signal.aborted) return;
          if (isApiError(error) && transportFailures.has(error.kind)) {
            // The session goes on at the provider: ask again once the connection is back (the global catalogue has
            // told the customer they are offline).
            timer.current = setTimeout(() => void ask(), LOAN_FLOW_DELAYS.scrapeRetryMs);
            return;
          }
          const shown = isApiError(error) && !isBusinessError(error, AccountsAfterScrapeGet);
          const message =
            shown && globalOutcomeFor(error).kind !== 'passThrough'
              ? ''
              : (isApiError(error) && error.errors[0]?.message) || BANK_PAGE_TEXTS.unexpected;
          outcome = { kind: 'failed', message };
        }
        if (abort.signal.aborted) return;
        if (outcome.kind === 'processing') {
          timer.current = setTimeout(() => void ask(), LOAN_FLOW_DELAYS.scrapeRetryMs);
          return;
        }
        controller.current = null;
        setProcessing(false);
        finished.current(outcome);
      };
      void ask();
    },
    [stop],
  );

  return { processing, start, stop };
}
