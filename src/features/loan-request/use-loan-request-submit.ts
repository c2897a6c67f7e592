import { RESET } from 'jotai/utils';
import { useState } from 'react';
import type { NavigateFunction } from 'react-router';
import { isApiError } from '../../lib/api/errors.ts';
import { flowPath } from '../../lib/loan-flow/saved-flow.ts';
import { onlineAtom } from '../../lib/pwa/network-status.ts';
import { calculatorChoiceAtom } from '../../lib/storage/atoms.ts';
import type { AppStore } from '../../lib/storage/store.ts';
import { showToast } from '../../lib/ui/toast-store.ts';
import { useSingleFlight } from '../../lib/ui/use-single-flight.ts';
import type { LoanFlowFormValues } from '../../shared/api/loan.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { requestLoan } from './api/request-loan.ts';
import { LOAN_FORM_TEXTS } from './texts.ts';

const OFFLINE_TOAST_ID = 'loan-request-offline';

export interface LoanRequestSubmitInput {
  store: AppStore;
  navigate: NavigateFunction;
  flowId: string;
  values: LoanFlowFormValues;
  showCardSelection: boolean;
  /** Every field shown is valid. */
  complete: boolean;
  /** Shows the form error list (from the first press on). */
  setShowErrors: (shown: boolean) => void;
  /** The loan is requested: its agreement is read and accepted next. */
  requested: (loanId: number) => void;
}

/**
 * 'Siguiente' (RequestLoanPost), one request at a time: refused offline (the values stay saved), then the agreement
 * step, the next screen or the outcome's message.
 */
export function useLoanRequestSubmit(input: LoanRequestSubmitInput) {
  const { store, navigate, flowId, values, showCardSelection, complete, setShowErrors, requested } = input;
  // The offline refusal is also written under the button: the toast layer is code loaded on demand, which a first
  // visit not yet served by the service worker cannot fetch while offline.
  const [offlineRefused, setOfflineRefused] = useState(false);
  const refuseOffline = () => {
    setOfflineRefused(true);
    showToast({
      id: OFFLINE_TOAST_ID,
      alertType: 'warning',
      content: LOAN_FORM_TEXTS.offlineSubmit,
      autoDismiss: false,
    });
  };

  const [submit, submitting] = useSingleFlight(async () => {
    setShowErrors(true);
    setOfflineRefused(false);
    if (!complete) return;
    if (!store.get(onlineAtom) || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
      refuseOffline();
      return;
    }
    try {
      const result = await requestLoan({
        loanProduct: values.loanProduct ?? 'installment',
        product: values.product!,
        installment: values.installment!,
        firstRepaymentDate: values.firstRepaymentDate!,
        accountId: values.accountId!,
        cardId: showCardSelection ? (values.cardId ?? null) : null,
        acceptCommunications: values.acceptCommunications === true,
      });
      switch (result.result) {
        case 'success':
        case 'successWithLimitUpdate':
        case 'cardEntryRequired': {
          // The calculator's choice served this request: a later one starts from its own flow (or a new choice).
          void store.set(calculatorChoiceAtom, RESET);
          // The agreement step (second document §4): the loan is requested; its agreement is read and accepted next.
          const loanId = result.journey.loanDetails?.loanId;
          if (loanId) requested(loanId);
          else navigate(flowPath(result.result === 'cardEntryRequired' ? 'financialInfoAddCard' : 'documents', flowId));
          return;
        }
        case 'failed':
          if (result.subReason) {
            navigate(flowPath('loanRequestDeclined', flowId));
            return;
          }
          showToast({ alertType: 'warning', content: result.message });
          return;
      }
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.kind === 'offline' || error.kind === 'network') {
        refuseOffline();
        return;
      }
      if (error.kind !== 'business') return;
      if (error.has('CustomerBlacklisted')) {
        navigate(buildPath('addressDetailsDeclined'), { replace: true });
      } else if (error.has('EligibleAgeError') || error.has('NotAllowedCustomerStatus')) {
        navigate(buildPath('dashboardDeclined'), { replace: true });
      } else {
        showToast({ alertType: 'warning', content: error.errors[0]?.message ?? error.message });
      }
    }
  });

  return { submit, submitting, offlineRefused };
}
