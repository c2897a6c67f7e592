import { useEffect, useId, useRef, useState } from 'react';
import { FullScreenIframeModal } from '../ui/FullScreenIframeModal.tsx';
import { Modal } from '../ui/Modal.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { THREE_DS_COMPLETED_MESSAGE, THREE_DS_TEXTS } from './texts.ts';
import {
  createThreeDsFlow,
  originOf,
  type ThreeDsDfpPost,
  type ThreeDsFlow as Flow,
  type ThreeDsFlowEvent,
  type ThreeDsOutcome,
  type ThreeDsSnapshot,
  type ThreeDsTiming,
} from './three-ds-flow.ts';
import './three-ds.css';

export interface ThreeDsFlowProps {
  /** The first event (card3dsFlowResponse of the call that asked for 3-D Secure). */
  readonly event: ThreeDsFlowEvent;
  /** The id the state is checked with. */
  readonly trackId: string;
  /** Checks the state (cards: ThreeDsStateGet). */
  readonly poll: (trackId: string, signal: AbortSignal) => Promise<ThreeDsFlowEvent>;
  /** How it ended; the host unmounts this component then. */
  readonly onDone: (outcome: ThreeDsOutcome) => void;
  readonly timing?: Partial<ThreeDsTiming>;
}

/**
 * The 3-D Secure flow on screen, while mounted: the provider's page in the full-screen modal (FullScreenIframeModal,
 * not closable while the challenge is shown), a waiting modal between checks, and the hidden iframe that receives the
 * device-fingerprint form post (dfpPost). The provider page's 'credorax_completed' message is accepted only from the
 * page's origin and from its iframe's window; then the state is checked again. States: see three-ds-flow.ts.
 */
export function ThreeDsFlow({ event, trackId, poll, onDone, timing }: ThreeDsFlowProps) {
  const [snapshot, setSnapshot] = useState<ThreeDsSnapshot>({ view: { kind: 'hidden' }, dfp: null, running: false });
  const flowRef = useRef<Flow | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);
  const pollRef = useRef(poll);
  useEffect(() => {
    done.current = onDone;
    pollRef.current = poll;
  });

  // One flow per mount, started with the first event.
  useEffect(() => {
    const flow = createThreeDsFlow({
      trackId,
      poll: (id, signal) => pollRef.current(id, signal),
      onChange: setSnapshot,
      onDone: (outcome) => done.current(outcome),
      ...(timing ? { timing } : {}),
    });
    flowRef.current = flow;
    flow.start(event);
    return () => {
      flow.dispose();
      flowRef.current = null;
    };
    // The flow lives as long as this component: the host mounts a new one for a new flow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // 'credorax_completed' from the challenge page shown in the modal: its origin and its window only.
  const frameUrl = snapshot.view.kind === 'frame' ? snapshot.view.url : null;
  useEffect(() => {
    if (frameUrl === null) return;
    const origin = originOf(frameUrl);
    const listener = (message: MessageEvent) => {
      if (origin === '' || message.origin !== origin) return;
      const frame = frameRef.current?.ownerDocument.querySelector<HTMLIFrameElement>('iframe.ui-iframe-modal-frame');
      if (!frame?.contentWindow || message.source !== frame.contentWindow) return;
      if (message.data !== THREE_DS_COMPLETED_MESSAGE) return;
      flowRef.current?.providerCompleted();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frameUrl]);

  const close = () => flowRef.current?.close();
  const { view, dfp } = snapshot;
  return (
    <div ref={frameRef} className="three-ds-flow">
      {dfp && <DfpPost post={dfp} onLoaded={() => flowRef.current?.dfpLoaded()} />}
      {view.kind === 'frame' && (
        <FullScreenIframeModal title={THREE_DS_TEXTS.title} src={view.url} closable={view.closable} onClose={close} />
      )}
      {view.kind === 'waiting' && (
        <Modal
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) close();
          }}
          title={THREE_DS_TEXTS.title}
          variant="fullscreen"
          isDismissable={view.closable}
        >
          <div className="three-ds-waiting" role="status">
            <Spinner size="large" />
            <p>{THREE_DS_TEXTS.waiting}</p>
          </div>
        </Modal>
      )}
    </div>
  );
}

/**
 * Whether the iframe still shows its first empty page (its own load, not the post's answer). The answer of another
 * origin cannot be read (it throws): that is the provider's page.
 */
function showsBlank(frame: HTMLIFrameElement): boolean {
  try {
    return frame.contentWindow?.location.href === 'about:blank';
  } catch {
    return false;
  }
}

/**
 * The device-fingerprint step: a real `<form method="post">` whose target is a hidden iframe, submitted once. The
 * first load of the iframe after the post that is not its empty first page is the provider's answer.
 */
function DfpPost({ post, onLoaded }: { post: ThreeDsDfpPost; onLoaded: () => void }) {
  const name = `three-ds-dfp-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-${post.id}`;
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    if (submitted.current) return;
    submitted.current = true;
    formRef.current?.submit();
  }, []);
  return (
    <div className="three-ds-dfp" hidden>
      <iframe
        name={name}
        title={THREE_DS_TEXTS.deviceCheck}
        className="three-ds-dfp-frame"
        sandbox="allow-scripts allow-forms allow-same-origin"
        onLoad={(loadEvent) => {
          if (submitted.current && !showsBlank(loadEvent.currentTarget)) onLoaded();
        }}
      />
      <form ref={formRef} method="post" action={post.url} target={name} className="three-ds-dfp-form">
        {Object.entries(post.formFields).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
      </form>
    </div>
  );
}
