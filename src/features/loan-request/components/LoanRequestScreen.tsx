import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { isApiError } from '../../../lib/api/errors.ts';
import { usePageData } from '../../../lib/api/use-page-data.ts';
import { flowPath } from '../../../lib/loan-flow/saved-flow.ts';
import { useSession } from '../../../lib/session/session.ts';
import type { SavedLoanFlow } from '../../../lib/storage/loan-flow-atom.ts';
import { onlineAtom } from '../../../lib/pwa/network-status.ts';
import { Button } from '../../../lib/ui/Button.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import type { LoanFlowStep } from '../../../shared/api/loan.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import { canAddBankAccount } from '../../../shared/bank-account-rules.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { loadLoanRequestData, type LoanRequestData } from '../api/load-loan-request-data.ts';
import { LOAN_FORM_TEXTS } from '../texts.ts';
import { loadAccountSelect } from './AccountSelect.tsx';
import { LoanRequestForm, type LoanRequestFormProps } from './LoanRequestForm.tsx';

type Load =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly data: LoanRequestData; readonly offline: false }
  | { readonly kind: 'offline'; readonly loaded: LoanRequestFormProps['loaded'] }
  | { readonly kind: 'failed' };

/**
 * Loads what the form needs and applies the redirects of second document §4 before showing it: declined or
 * RTB-blocked → dashboardDeclined; an issued or arranged loan or no available limit → dashboard; a restructured
 * loan that the server check (CheckLoanByRestructuredPost) refuses → the declined page; a registered customer
 * without a linked account → bank credentials. Offline, the form works from what the flow saved.
 */
export function LoanRequestScreen({ flow, step }: { flow: SavedLoanFlow; step: LoanFlowStep }) {
  const { member, status } = useSession();
  const online = useAtomValue(onlineAtom);
  const [today] = useState(() => todayInMadrid());
  const customerId = member?.id ?? 0;
  const saved = flow.loaded;

  // The saved data is read when a load starts (used if it fails offline), not a reason to load again.
  const page = usePageData(() => loadScreen(customerId, saved), { key: customerId });
  const load: Load = page.load.kind === 'ready' ? page.load.value : page.load;
  const { retry } = page;

  if (status === 'declined') return <Navigate to={buildPath('dashboardDeclined')} replace />;
  if (load.kind === 'loading') return <Spinner />;
  if (load.kind === 'failed') {
    return (
      <div className="loan-load-failed" role="alert">
        <p>{LOAN_FORM_TEXTS.loadFailed}</p>
        <Button onPress={retry} isDisabled={!online}>
          {LOAN_FORM_TEXTS.retry}
        </Button>
      </div>
    );
  }
  if (load.kind === 'offline') {
    return (
      <>
        <p className="loan-offline-notice" role="status">
          {LOAN_FORM_TEXTS.offlineData}
        </p>
        <LoanRequestForm
          flow={flow}
          step={step}
          loaded={load.loaded}
          customerId={customerId}
          today={today}
          canAddAccount={false}
          email=""
        />
      </>
    );
  }

  const { data } = load;
  const redirect = redirectFor(data, flow.id);
  if (redirect) return <Navigate to={redirect} replace />;
  const canAddAccount = canAddBankAccount(data.customer);
  return (
    <LoanRequestForm
      flow={flow}
      step={step}
      loaded={{ ...data.loaded, plans: saved?.plans }}
      customerId={customerId}
      today={today}
      canAddAccount={canAddAccount}
      email={data.customer.email}
    />
  );
}

/**
 * The form's data and, for customers with several accounts, the account selector's code, before the form shows.
 * Offline, what the flow saved (when complete enough); otherwise a failure.
 */
async function loadScreen(
  customerId: number,
  saved: SavedLoanFlow['loaded'],
): Promise<Extract<Load, { kind: 'ready' | 'offline' }>> {
  const withSelector = async (accounts: readonly unknown[]) => {
    if (accounts.length > 1) await loadAccountSelect().catch(() => undefined);
  };
  try {
    const data = await loadLoanRequestData(customerId);
    await withSelector(data.loaded.accounts);
    return { kind: 'ready', data, offline: false };
  } catch (error) {
    const offline = isApiError(error) && (error.kind === 'offline' || error.kind === 'network');
    const cached = offlineLoaded(saved);
    if (!offline || !cached) throw error;
    await withSelector(cached.accounts);
    return { kind: 'offline', loaded: cached };
  }
}

/** Second document §4: where a customer who may not request now goes. */
export function redirectFor(data: LoanRequestData, flowId: string): string | null {
  const { customer } = data;
  if (customer.status === 'declined' || (customer.isRtb && customer.isBlacklist)) return buildPath('dashboardDeclined');
  if (customer.status === 'registered' && data.loaded.accounts.length === 0) return flowPath('bankCredentials', flowId);
  if (data.hasLoanInProgress) return buildPath('dashboard');
  if (!data.canRequestLoan) return flowPath('loanRequestDeclined', flowId);
  if (data.loaded.availableLimitCents <= 0 && data.loaded.miniAvailableLimitCents <= 0) return buildPath('dashboard');
  return null;
}

/** What the flow saved, when complete enough to show the form offline. */
function offlineLoaded(saved: SavedLoanFlow['loaded']): LoanRequestFormProps['loaded'] | null {
  if (!saved || saved.availableLimitCents === undefined || !saved.holidays || !saved.accounts) return null;
  return {
    availableLimitCents: saved.availableLimitCents,
    miniAvailableLimitCents: saved.miniAvailableLimitCents ?? 0,
    holidays: saved.holidays,
    accounts: saved.accounts,
    cards: saved.cards ?? [],
    hasCommunicationPreferences: saved.hasCommunicationPreferences ?? false,
    plans: saved.plans,
  };
}
