import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getApiConfig } from '../../../lib/api/configure.ts';
import { globalOutcomeFor } from '../../../lib/api/error-catalogue.ts';
import { isApiError, isBusinessError } from '../../../lib/api/errors.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { FullScreenIframeModal } from '../../../lib/ui/FullScreenIframeModal.tsx';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import { DirectTransferInitPost, type DirectTransferOrder } from '../../../shared/api/transfer.ts';
import { formatDateTime } from '../../../shared/dates.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { formatMoney, type Cents } from '../../../shared/money.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import type { PaymentOption } from '../../../shared/payment-statuses.ts';
import { getAuthorizedOrders } from './api/get-authorized-orders.ts';
import { initDirectTransfer } from './api/init-direct-transfer.ts';
import { DIRECT_TRANSFER_TEXTS as TEXT } from './texts.ts';
import { originOf, outcomeOf, widgetEventOf } from './widget-events.ts';
import './transfer.css';

export interface DirectTransferModalProps {
  readonly loanId: number;
  /** What to pay, in cents (the payment page's paymentQuote). */
  readonly amount: Cents;
  /** The payment option being paid: the success page's `paidType`. */
  readonly paymentOption: PaymentOption;
  readonly onClose: () => void;
}

type State =
  | { readonly kind: 'starting' }
  | { readonly kind: 'inProgress'; readonly order: DirectTransferOrder }
  | { readonly kind: 'widget'; readonly widgetUrl: string }
  | { readonly kind: 'failed'; readonly message: string };

/** The Spanish message of a failed DirectTransferInitPost, or undefined when the global catalogue handles it. */
function initFailureMessage(error: unknown): string | undefined {
  if (isBusinessError(error, DirectTransferInitPost)) {
    if (error.has('TermsNotAccepted')) return TEXT.mustAcceptTerms;
    if (error.has('WidgetAccountBlocked')) return TEXT.accountBlocked;
    return error.errors[0]?.message || TEXT.error;
  }
  if (!isApiError(error)) {
    console.error('Direct transfer: unexpected failure', error);
    return TEXT.error;
  }
  // No widget URL (an answer without one breaks the contract) or a status nobody handles: the widget's own text.
  if (error.kind === 'invalidResponse') return TEXT.error;
  const outcome = globalOutcomeFor(error);
  if (outcome.kind === 'passThrough' || outcome.kind === 'business') return TEXT.error;
  getApiConfig().onGlobalFailure?.(outcome, error);
  return undefined;
}

/**
 * The direct transfer widget (second document §2, §4, §7.1). An order this customer already authorised for the loan
 * (DirectTransferOrdersGet, kept when `authorized`) is shown instead of a second widget. Otherwise
 * DirectTransferInitPost { amount, loanId, successPage, errorPage, doneMessage } gives the widget's URL, shown in
 * the full-width iframe with a spinner until it loads. Window messages are the widget's only from its origin and
 * mentioning the provider; their events: user_blocked → 'Su cuenta ha sido bloqueada…', consents_denied → closed,
 * payment success → the success page, payment failure → 'Ha ocurrido un error…', bank_login → the widget stays.
 */
export function DirectTransferModal({ loanId, amount, paymentOption, onClose }: DirectTransferModalProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<State>({ kind: 'starting' });
  const successPath = buildPath('paymentSuccess', { paidType: paymentOption }, { loanId });
  const errorPath = `${location.pathname}${location.search}`;
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const start = async () => {
      const orders = await getAuthorizedOrders({ signal }).catch((error: unknown) => {
        if (!signal.aborted) console.warn('Direct transfer orders could not be read', error);
        return [];
      });
      if (signal.aborted) return;
      const authorized = orders.find((order) => order.loanId === loanId);
      if (authorized !== undefined) {
        setState({ kind: 'inProgress', order: authorized });
        return;
      }
      try {
        const widgetUrl = await initDirectTransfer(
          {
            amount,
            loanId,
            successPage: `${window.location.origin}${successPath}`,
            errorPage: `${window.location.origin}${errorPath}`,
            doneMessage: TEXT.doneMessage,
          },
          { signal },
        );
        if (signal.aborted) return;
        setState(originOf(widgetUrl) === '' ? { kind: 'failed', message: TEXT.error } : { kind: 'widget', widgetUrl });
      } catch (error) {
        if (signal.aborted) return;
        const message = initFailureMessage(error);
        if (message === undefined) closeRef.current();
        else setState({ kind: 'failed', message });
      }
    };
    void start();
    return () => controller.abort();
    // One start per opening: the payment page mounts the modal for one loan and amount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const widgetUrl = state.kind === 'widget' ? state.widgetUrl : null;
  useEffect(() => {
    if (widgetUrl === null) return;
    const origin = originOf(widgetUrl);
    const listener = (message: MessageEvent) => {
      const event = widgetEventOf(message, origin);
      if (event === undefined) return;
      switch (outcomeOf(event)) {
        case 'blocked':
          setState({ kind: 'failed', message: TEXT.accountBlocked });
          return;
        case 'failed':
          setState({ kind: 'failed', message: TEXT.error });
          return;
        case 'closed':
          closeRef.current();
          return;
        case 'paid':
          void navigate(successPath);
          return;
        case 'stay':
          return;
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [widgetUrl, navigate, successPath]);

  if (state.kind === 'widget') {
    return <FullScreenIframeModal title={TEXT.title} src={state.widgetUrl} onClose={onClose} />;
  }
  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={
        state.kind === 'inProgress' ? TEXT.inProgressTitle : state.kind === 'failed' ? TEXT.failedTitle : TEXT.title
      }
      dataAttributes={state.kind === 'failed' ? { 'data-type': 'error' } : undefined}
      footer={state.kind === 'starting' ? undefined : (close) => <Button onPress={close}>{TEXT.close}</Button>}
    >
      {state.kind === 'starting' && (
        <div className="transfer-starting">
          <Spinner label={TEXT.preparing} size="large" />
        </div>
      )}
      {state.kind === 'inProgress' && (
        <p role="status">
          {formatMessage(TEXT.inProgress, {
            amount: formatMoney(state.order.amount),
            date: formatDateTime(state.order.createdDate),
          })}
        </p>
      )}
      {state.kind === 'failed' && <p role="alert">{state.message}</p>}
    </Modal>
  );
}
