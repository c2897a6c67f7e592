import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThreeDsFlow } from '../../../../src/lib/three-ds/ThreeDsFlow.tsx';
import type { ThreeDsFlowEvent, ThreeDsOutcome } from '../../../../src/lib/three-ds/three-ds-flow.ts';

/** The 3-D Secure modal on screen: the challenge iframe, 'credorax_completed', the dfp form post, closing. */

const CHALLENGE = 'https://acs.example/challenge?t=1';
const event = (state: string, extra: Partial<ThreeDsFlowEvent> = {}): ThreeDsFlowEvent => ({
  state,
  url: null,
  formFields: {},
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function mount(first: ThreeDsFlowEvent, answers: ThreeDsFlowEvent[]) {
  const queue = [...answers];
  const poll = vi.fn(() => {
    const next = queue.shift();
    return next ? Promise.resolve(next) : new Promise<ThreeDsFlowEvent>(() => undefined);
  });
  const outcomes: ThreeDsOutcome[] = [];
  await act(async () => {
    render(
      <ThreeDsFlow
        event={first}
        trackId="track-9"
        poll={poll}
        onDone={(outcome) => outcomes.push(outcome)}
        timing={{ firstWaitMs: 10, pollDelayMs: 10 }}
      />,
    );
  });
  return { poll, outcomes };
}

const challengeFrame = () => screen.getByTitle('Verificación 3-D Secure') as HTMLIFrameElement;

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('3-D Secure modal', () => {
  it('shows the challenge in a full-screen modal without a close button', async () => {
    await mount(event('iframe', { url: CHALLENGE }), []);
    const dialog = screen.getByRole('dialog', { name: 'Verificación 3-D Secure' });
    expect(dialog).toBeInTheDocument();
    expect(challengeFrame()).toHaveAttribute('src', CHALLENGE);
    expect(screen.queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
  });

  it("'credorax_completed' from another origin or another window is ignored; from the challenge page it checks the state", async () => {
    const { poll, outcomes } = await mount(event('iframe', { url: CHALLENGE }), [event('completed')]);
    const frame = challengeFrame();
    post('credorax_completed', 'https://evil.example', frame.contentWindow);
    post('credorax_completed', 'https://acs.example', window);
    post('something else', 'https://acs.example', frame.contentWindow);
    expect(poll).not.toHaveBeenCalled();
    post('credorax_completed', 'https://acs.example', frame.contentWindow);
    await waitFor(() => expect(outcomes).toEqual([{ kind: 'success', event: event('completed') }]));
    expect(poll).toHaveBeenCalledWith('track-9', expect.any(AbortSignal));
  });

  it('dfpPost posts the form fields to the url in a hidden iframe with a real form, then checks the state', async () => {
    const submitted: HTMLFormElement[] = [];
    let target: HTMLIFrameElement | null = null;
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
      target = document.querySelector<HTMLIFrameElement>(`iframe[name="${this.target}"]`);
    });
    const { poll } = await mount(
      event('dfpPost', { url: 'https://acs.example/dfp', formFields: { threeDSMethodData: 'abc', id: '7' } }),
      [event('iframe', { url: CHALLENGE })],
    );
    expect(submitted).toHaveLength(1);
    const form = submitted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://acs.example/dfp');
    expect(target).not.toBeNull();
    const frame = target as unknown as HTMLIFrameElement;
    expect(frame.hidden || frame.closest('[hidden]') !== null).toBe(true);
    expect(Object.fromEntries(new FormData(form))).toEqual({ threeDSMethodData: 'abc', id: '7' });
    // No modal while the device check runs; the iframe's own empty page is not the answer.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.load(frame);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(poll).not.toHaveBeenCalled();
    // The provider's answer (another origin: unreadable) arrives.
    Object.defineProperty(frame, 'contentWindow', {
      configurable: true,
      get: () => ({
        get location(): never {
          throw new DOMException('Blocked a frame', 'SecurityError');
        },
      }),
    });
    fireEvent.load(frame);
    await waitFor(() => expect(poll).toHaveBeenCalledTimes(1));
    await screen.findByRole('dialog', { name: 'Verificación 3-D Secure' });
    expect(challengeFrame()).toHaveAttribute('src', CHALLENGE);
  });

  it('closing the waiting modal aborts the flow (abortedByUser)', async () => {
    const user = userEvent.setup();
    const { outcomes } = await mount(event('inprogress'), []);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(outcomes).toEqual([{ kind: 'aborted', reason: 'abortedByUser' }]);
  });
});
