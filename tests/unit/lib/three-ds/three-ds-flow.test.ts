import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createThreeDsFlow,
  THREE_DS_TIMING,
  type ThreeDsFlowEvent,
  type ThreeDsOutcome,
  type ThreeDsSnapshot,
} from '../../../../src/lib/three-ds/three-ds-flow.ts';

/** The 3-D Secure states of second document §4, driven with fake timers and a fake `poll`. */

const CHALLENGE = 'https://acs.example/challenge';
const DFP = 'https://acs.example/dfp';

const event = (state: string, extra: Partial<ThreeDsFlowEvent> = {}): ThreeDsFlowEvent => ({
  state,
  url: null,
  formFields: {},
  transactionId: 't-1',
  provider: 'credorax',
  ...extra,
});

function setup(answers: Array<ThreeDsFlowEvent | Error>) {
  const queue = [...answers];
  const poll = vi.fn((_trackId: string, _signal: AbortSignal) => {
    const next = queue.shift();
    if (next === undefined) return new Promise<ThreeDsFlowEvent>(() => undefined);
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const outcomes: ThreeDsOutcome[] = [];
  const snapshots: ThreeDsSnapshot[] = [];
  const flow = createThreeDsFlow({
    trackId: 'track-1',
    poll,
    onChange: (snapshot) => snapshots.push(snapshot),
    onDone: (outcome) => outcomes.push(outcome),
  });
  return { flow, poll, outcomes, snapshots };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('3-D Secure flow states (second document §4)', () => {
  it('completed: success, the modal closes and is closable again', () => {
    const { flow, outcomes, poll } = setup([]);
    flow.start(event('completed'));
    expect(outcomes).toEqual([{ kind: 'success', event: event('completed') }]);
    expect(flow.snapshot()).toEqual({ view: { kind: 'hidden' }, dfp: null, running: false });
    expect(poll).not.toHaveBeenCalled();
  });

  it('error: fails, closes and resets', async () => {
    const { flow, outcomes } = setup([event('error')]);
    flow.start(event('iframe', { url: CHALLENGE }));
    flow.providerCompleted();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes[0]).toMatchObject({ kind: 'failed', reason: 'error' });
    expect(flow.snapshot()).toEqual({ view: { kind: 'hidden' }, dfp: null, running: false });
  });

  it('iframe: shows the url in the modal and makes it not closable; closing then does nothing', () => {
    const { flow, outcomes } = setup([]);
    flow.start(event('iframe', { url: CHALLENGE }));
    expect(flow.snapshot().view).toEqual({ kind: 'frame', url: CHALLENGE, closable: false });
    flow.close();
    expect(outcomes).toEqual([]);
  });

  it('inprogress: waits 100 ms first, then the polling delay, until a final state', async () => {
    const { flow, poll, outcomes } = setup([event('inprogress'), event('inprogress'), event('completed')]);
    flow.start(event('inprogress'));
    expect(flow.snapshot().view).toEqual({ kind: 'waiting', closable: true });
    await vi.advanceTimersByTimeAsync(99);
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(poll).toHaveBeenLastCalledWith('track-1', expect.any(AbortSignal));
    // The next waits are the polling delay.
    await vi.advanceTimersByTimeAsync(THREE_DS_TIMING.pollDelayMs - 1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(THREE_DS_TIMING.pollDelayMs);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(outcomes).toEqual([{ kind: 'success', event: event('completed') }]);
  });

  it('inprogress for longer than the timeout fails the flow', async () => {
    const answers = Array.from({ length: 200 }, () => event('inprogress'));
    const { flow, outcomes } = setup(answers);
    flow.start(event('inprogress'));
    await vi.advanceTimersByTimeAsync(THREE_DS_TIMING.timeoutMs + 2 * THREE_DS_TIMING.pollDelayMs);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ kind: 'failed', reason: 'timeout' });
  });

  it('dfpPost: closes the modal, hands the form post to the host, then reopens and checks the state', async () => {
    const { flow, poll, outcomes } = setup([event('iframe', { url: CHALLENGE })]);
    flow.start(event('dfpPost', { url: DFP, formFields: { threeDSMethodData: 'abc' } }));
    expect(flow.snapshot().view).toEqual({ kind: 'hidden' });
    expect(flow.snapshot().dfp).toEqual({ id: 1, url: DFP, formFields: { threeDSMethodData: 'abc' } });
    expect(poll).not.toHaveBeenCalled();
    flow.dfpLoaded();
    expect(flow.snapshot().dfp).toBeNull();
    expect(flow.snapshot().view).toEqual({ kind: 'waiting', closable: true });
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.snapshot().view).toEqual({ kind: 'frame', url: CHALLENGE, closable: false });
    expect(outcomes).toEqual([]);
  });

  it('dfpPost whose iframe never loads: the state is checked anyway after the longest wait', async () => {
    const { flow, poll } = setup([event('iframe', { url: CHALLENGE })]);
    flow.start(event('dfpPost', { url: DFP, formFields: {} }));
    await vi.advanceTimersByTimeAsync(THREE_DS_TIMING.dfpMaxWaitMs);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('any other state fails the flow', () => {
    const { flow, outcomes } = setup([]);
    flow.start(event('somethingNew'));
    expect(outcomes[0]).toMatchObject({ kind: 'failed', reason: 'unknownState' });
  });

  it('an unknown state from a check fails the flow too', async () => {
    const { flow, outcomes } = setup([event('challengeV3')]);
    flow.start(event('iframe', { url: CHALLENGE }));
    flow.providerCompleted();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes[0]).toMatchObject({ kind: 'failed', reason: 'unknownState' });
  });

  it('a failed state check (poll rejects) fails the flow', async () => {
    const failure = new Error('404');
    const { flow, outcomes } = setup([failure]);
    flow.start(event('iframe', { url: CHALLENGE }));
    flow.providerCompleted();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes).toEqual([{ kind: 'failed', reason: 'pollFailed', error: failure }]);
    expect(flow.snapshot().view).toEqual({ kind: 'hidden' });
  });

  it('closing the modal while it is closable aborts the flow (abortedByUser) and stops polling', async () => {
    const { flow, poll, outcomes } = setup([event('inprogress')]);
    flow.start(event('inprogress'));
    flow.close();
    expect(outcomes).toEqual([{ kind: 'aborted', reason: 'abortedByUser' }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(poll).not.toHaveBeenCalled();
  });

  it('the provider completion during the challenge checks the state: inprogress then completed', async () => {
    const { flow, poll, outcomes } = setup([event('inprogress'), event('completed')]);
    flow.start(event('iframe', { url: CHALLENGE }));
    flow.providerCompleted();
    await vi.advanceTimersByTimeAsync(0);
    // The challenge stays shown (not closable) while waiting.
    expect(flow.snapshot().view).toEqual({ kind: 'frame', url: CHALLENGE, closable: false });
    await vi.advanceTimersByTimeAsync(100);
    expect(poll).toHaveBeenCalledTimes(2);
    expect(outcomes).toEqual([{ kind: 'success', event: event('completed') }]);
  });

  it('ends once: nothing happens after the outcome', async () => {
    const { flow, outcomes, poll } = setup([event('completed')]);
    flow.start(event('error'));
    flow.providerCompleted();
    flow.close();
    flow.start(event('completed'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcomes).toHaveLength(1);
    expect(poll).not.toHaveBeenCalled();
  });
});
