/**
 * The 3-D Secure flow (second document §2 "3-D Secure modal", §4 "3-D Secure states") as a small state machine with
 * no UI and no card-specific code: it serves card entry now and card payments later. It is driven by the events of
 * the provider (`ThreeDsEvent`: the first one comes with the call that started the flow, the next ones from `poll`,
 * e.g. ThreeDsStateGet for cards) and tells its host what to show (`ThreeDsView`) and how it ended
 * (`ThreeDsOutcome`):
 *
 * - completed → success; the modal closes and is closable again; the flow is reset.
 * - inprogress → wait, then check again: the first wait is 100 ms (§9), the next ones `pollDelayMs`; a run of
 *   inprogress answers longer than `timeoutMs` fails the flow.
 * - error → fail; the modal closes; reset.
 * - dfpPost → the modal closes, the form fields are posted to the url in a hidden iframe (a real form post); once that
 *   iframe has loaded the answer (or after `dfpMaxWaitMs`), the modal opens again (waiting) and the state is checked.
 * - iframe → the url is shown in the modal, which cannot be closed.
 * - any other state → fail.
 * - The provider page's completion message ('credorax_completed', checked by the host against the page's origin and
 *   window) → check the state again.
 * - Closing the modal (only possible while it is closable) aborts the flow: `abortedByUser`.
 * - A failed check (poll rejects) fails the flow.
 */

/** The event as the provider sends it; `state` is a string so that an unknown state reaches the machine (→ fail). */
export interface ThreeDsFlowEvent {
  readonly state: string;
  readonly url: string | null;
  readonly formFields: Readonly<Record<string, string>>;
  readonly transactionId?: string;
  readonly provider?: string;
}

export type ThreeDsFailure = 'error' | 'unknownState' | 'pollFailed' | 'timeout';

export type ThreeDsOutcome =
  | { readonly kind: 'success'; readonly event: ThreeDsFlowEvent }
  | {
      readonly kind: 'failed';
      readonly reason: ThreeDsFailure;
      readonly event?: ThreeDsFlowEvent;
      readonly error?: unknown;
    }
  | { readonly kind: 'aborted'; readonly reason: 'abortedByUser' };

/** What the host shows. `frame`: the provider page in the full-screen modal; `waiting`: the modal with a spinner. */
export type ThreeDsView =
  | { readonly kind: 'hidden' }
  | { readonly kind: 'frame'; readonly url: string; readonly closable: boolean }
  | { readonly kind: 'waiting'; readonly closable: boolean };

/** A form post to run in the hidden iframe (dfpPost); `id` changes with each post. */
export interface ThreeDsDfpPost {
  readonly id: number;
  readonly url: string;
  readonly formFields: Readonly<Record<string, string>>;
}

export interface ThreeDsSnapshot {
  readonly view: ThreeDsView;
  readonly dfp: ThreeDsDfpPost | null;
  readonly running: boolean;
}

export interface ThreeDsTiming {
  /** The first wait after an inprogress answer (second document §9: 100 ms). */
  readonly firstWaitMs: number;
  /** The next waits (the spec does not give the value): 1 s. */
  readonly pollDelayMs: number;
  /** How long inprogress answers may follow one another before the flow fails: 2 minutes. */
  readonly timeoutMs: number;
  /** How long the hidden dfp post may take before the state is checked anyway: 15 s. */
  readonly dfpMaxWaitMs: number;
}

export const THREE_DS_TIMING: ThreeDsTiming = {
  firstWaitMs: 100,
  pollDelayMs: 1000,
  timeoutMs: 120_000,
  dfpMaxWaitMs: 15_000,
};

export interface ThreeDsFlowOptions {
  /** The id the provider's state is checked with (the card's 3-D Secure track id). */
  readonly trackId: string;
  /** Checks the state (cards: ThreeDsStateGet). A rejection fails the flow. */
  readonly poll: (trackId: string, signal: AbortSignal) => Promise<ThreeDsFlowEvent>;
  /** Every change of what to show. */
  readonly onChange: (snapshot: ThreeDsSnapshot) => void;
  /** Called once, when the flow ends. */
  readonly onDone: (outcome: ThreeDsOutcome) => void;
  readonly timing?: Partial<ThreeDsTiming>;
  /** The clock (tests). */
  readonly now?: () => number;
}

export interface ThreeDsFlow {
  /** Starts with the first event (the one that came with the call that asked for 3-D Secure). */
  start(event: ThreeDsFlowEvent): void;
  /** The provider page said it is done ('credorax_completed' from the right origin and window): check the state. */
  providerCompleted(): void;
  /** The hidden iframe loaded the dfp post's answer: reopen and check the state. */
  dfpLoaded(): void;
  /** The customer closed the modal: aborts when it is closable. */
  close(): void;
  /** Stops everything without an outcome (the host unmounts). */
  dispose(): void;
  snapshot(): ThreeDsSnapshot;
}

const HIDDEN: ThreeDsView = { kind: 'hidden' };

export function createThreeDsFlow(options: ThreeDsFlowOptions): ThreeDsFlow {
  const timing = { ...THREE_DS_TIMING, ...options.timing };
  const now = options.now ?? (() => Date.now());
  let snapshot: ThreeDsSnapshot = { view: HIDDEN, dfp: null, running: false };
  let finished = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  /** When the current run of inprogress answers began (null when the last answer was not inprogress). */
  let waitingSince: number | null = null;
  let dfpId = 0;

  const set = (patch: Partial<ThreeDsSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    options.onChange(snapshot);
  };

  const stopPending = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
  };

  const finish = (outcome: ThreeDsOutcome) => {
    if (finished) return;
    finished = true;
    stopPending();
    // Close the modal, make it closable again, reset.
    set({ view: HIDDEN, dfp: null, running: false });
    options.onDone(outcome);
  };

  const check = () => {
    if (finished) return;
    stopPending();
    const current = new AbortController();
    controller = current;
    options.poll(options.trackId, current.signal).then(
      (event) => {
        if (current.signal.aborted || finished) return;
        controller = undefined;
        handle(event);
      },
      (error: unknown) => {
        if (current.signal.aborted || finished) return;
        controller = undefined;
        finish({ kind: 'failed', reason: 'pollFailed', error });
      },
    );
  };

  const wait = (ms: number, then: () => void) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      then();
    }, ms);
  };

  const handle = (event: ThreeDsFlowEvent) => {
    if (finished) return;
    if (event.state !== 'inprogress') waitingSince = null;
    switch (event.state) {
      case 'completed':
        finish({ kind: 'success', event });
        return;
      case 'error':
        finish({ kind: 'failed', reason: 'error', event });
        return;
      case 'inprogress': {
        const first = waitingSince === null;
        if (first) waitingSince = now();
        else if (now() - (waitingSince ?? now()) >= timing.timeoutMs) {
          finish({ kind: 'failed', reason: 'timeout', event });
          return;
        }
        // While waiting, an open challenge stays as it is; with nothing shown, the modal waits (closable).
        if (snapshot.view.kind === 'hidden' && snapshot.dfp === null)
          set({ view: { kind: 'waiting', closable: true } });
        wait(first ? timing.firstWaitMs : timing.pollDelayMs, check);
        return;
      }
      case 'dfpPost': {
        if (!event.url) {
          finish({ kind: 'failed', reason: 'unknownState', event });
          return;
        }
        dfpId += 1;
        set({ view: HIDDEN, dfp: { id: dfpId, url: event.url, formFields: { ...event.formFields } } });
        wait(timing.dfpMaxWaitMs, reopen);
        return;
      }
      case 'iframe':
        if (!event.url) {
          finish({ kind: 'failed', reason: 'unknownState', event });
          return;
        }
        set({ view: { kind: 'frame', url: event.url, closable: false }, dfp: null });
        return;
      default:
        finish({ kind: 'failed', reason: 'unknownState', event });
    }
  };

  /** After the dfp post: the modal opens again (waiting) and the state is checked. */
  const reopen = () => {
    if (finished) return;
    set({ view: { kind: 'waiting', closable: true }, dfp: null });
    check();
  };

  return {
    start(event) {
      if (snapshot.running || finished) return;
      set({ running: true });
      handle(event);
    },
    providerCompleted() {
      if (!finished && snapshot.running) check();
    },
    dfpLoaded() {
      if (!finished && snapshot.dfp !== null) reopen();
    },
    close() {
      if (finished || !snapshot.running) return;
      const closable = snapshot.view.kind === 'hidden' || snapshot.view.closable;
      if (closable) finish({ kind: 'aborted', reason: 'abortedByUser' });
    },
    dispose() {
      finished = true;
      stopPending();
    },
    snapshot: () => snapshot,
  };
}

/** The origin of a URL, '' when it is not one (then no message is accepted). */
export function originOf(url: string): string {
  try {
    return new URL(url, typeof window === 'undefined' ? undefined : window.location.href).origin;
  } catch {
    return '';
  }
}
