import type { CSSProperties, ReactNode } from 'react';
import { Button as AriaButton, Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components/Modal';
import { UI_TEXTS } from './ui-texts.ts';
import './modal.css';

export interface ModalProps {
  /** Controlled open state. Leave undefined inside a RAC `DialogTrigger`, which then opens and closes it. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** Shown before the title (decorative). */
  icon?: ReactNode;
  /** The body; a function receives `close`. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Buttons at the bottom; a function receives `close`. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  /** Maximum width in pixels of the 'dialog' variant. Default 560. */
  maxWidth?: number;
  /** Whether Escape, a click outside and the 'Cerrar' button close the modal. Default true. */
  isDismissable?: boolean;
  /** 'dialog' (centred box) or 'fullscreen' (the whole viewport, e.g. a provider's iframe). Default 'dialog'. */
  variant?: 'dialog' | 'fullscreen';
  /** 'alertdialog' for confirmations that interrupt the customer. Default 'dialog'. */
  role?: 'dialog' | 'alertdialog';
  /** Changing it mounts a fresh dialog inside the same open modal (queued dialogs), so focus moves to it. */
  dialogKey?: string;
  /** Extra attributes for styling hooks, e.g. `{ 'data-type': 'error' }`. */
  dataAttributes?: Readonly<Record<`data-${string}`, string>>;
  /** The dialog element's id (e.g. the spec's `bankTransferInfoModal`). */
  id?: string;
  className?: string;
}

const DEFAULT_MAX_WIDTH = 560;

/**
 * A modal dialog over React Aria's ModalOverlay/Modal/Dialog: focus is trapped inside and restored on close, the
 * page behind is inert and does not scroll, the title labels the dialog.
 */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  icon,
  children,
  footer,
  maxWidth = DEFAULT_MAX_WIDTH,
  isDismissable = true,
  variant = 'dialog',
  role = 'dialog',
  dialogKey,
  dataAttributes,
  id,
  className,
}: ModalProps) {
  const style: CSSProperties | undefined = variant === 'dialog' ? { maxWidth } : undefined;
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className={`ui-modal-overlay ui-modal-overlay--${variant}`}
    >
      <AriaModal className={['ui-modal', `ui-modal--${variant}`, className].filter(Boolean).join(' ')} style={style}>
        <Dialog key={dialogKey} id={id} role={role} className="ui-modal-dialog" {...dataAttributes}>
          {({ close }) => (
            <>
              <div className="ui-modal-header">
                {icon && (
                  <span className="ui-modal-icon" aria-hidden="true">
                    {icon}
                  </span>
                )}
                <Heading slot="title" className="ui-modal-title">
                  {title}
                </Heading>
                {isDismissable && (
                  <AriaButton slot="close" className="ui-modal-close" aria-label={UI_TEXTS.close}>
                    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                    </svg>
                  </AriaButton>
                )}
              </div>
              <div className="ui-modal-body">{typeof children === 'function' ? children(close) : children}</div>
              {footer !== undefined && (
                <div className="ui-modal-footer">{typeof footer === 'function' ? footer(close) : footer}</div>
              )}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
