import { useState } from 'react';
import { Modal } from './Modal.tsx';
import { Spinner } from './Spinner.tsx';
import './full-screen-iframe-modal.css';

export interface FullScreenIframeModalProps {
  /** The dialog's heading and accessible name; also the iframe's title. */
  title: string;
  /** The provider page shown in the iframe (an open-banking widget, a 3-D Secure challenge, …). */
  src: string;
  /** Called when the customer closes the modal ('Cerrar', Escape). The caller unmounts it. */
  onClose: () => void;
  /** Whether the customer may close it. Default true. */
  closable?: boolean;
  /** Called once the iframe has loaded (its first page; later navigations inside it are the provider's). */
  onLoad?: () => void;
}

/**
 * A provider's page in a full-screen modal (second document §2: the bank widgets, the 3-D Secure challenge): an
 * accessible dialog named by its title, a spinner until the iframe loads, closable unless `closable` is false. It is
 * open while mounted. Messages the page posts are the caller's (listen to `message` and check `event.origin`).
 */
export function FullScreenIframeModal({ title, src, onClose, closable = true, onLoad }: FullScreenIframeModalProps) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={title}
      variant="fullscreen"
      isDismissable={closable}
      className="ui-iframe-modal"
    >
      {!loaded && (
        <div className="ui-iframe-modal-loading">
          <Spinner size="large" />
        </div>
      )}
      <iframe
        title={title}
        src={src}
        className="ui-iframe-modal-frame"
        data-loaded={loaded || undefined}
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        onLoad={() => {
          setLoaded(true);
          onLoad?.();
        }}
      />
    </Modal>
  );
}
