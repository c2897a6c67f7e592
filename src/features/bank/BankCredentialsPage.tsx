import { useState } from 'react';
import { LoanFlowGate } from '../../lib/loan-flow/LoanFlowGate.tsx';
import { useSession } from '../../lib/session/session.ts';
import { openDialog } from '../../lib/ui/dialog-store.ts';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { Tabs } from '../../lib/ui/Tabs.tsx';
import { BANK_TEXTS } from '../../shared/messages-loan.ts';
import { ConnectBankForm } from './components/ConnectBankForm.tsx';
import { ManualAccountForm } from './components/ManualAccountForm.tsx';
import { BANK_PAGE_TEXTS } from './texts.ts';
import { useAccountLinked } from './use-account-linked.ts';
import { useScrapePolling, type FinalScrapeOutcome } from './use-scrape-polling.ts';
import './bank.css';

/**
 * The bank credentials page (`bankCredentials`, /bank-credentials, registered only; second document §2, §4): link the
 * account where the customer's income arrives, through a provider's widget (then the scrape session is polled,
 * 'Procesando' meanwhile) or by IBAN. A linked account runs the credit decision on the server; the page follows it
 * (limit, or the declined dashboard), keeping the loan flow's `l`. Without a saved flow, the gate creates the
 * default one first (second document §4); an `l` that points at nothing goes to the dashboard.
 */
export default function BankCredentialsPage() {
  return <LoanFlowGate step="bankCredentials">{() => <BankCredentials />}</LoanFlowGate>;
}

function BankCredentials() {
  const { member } = useSession();
  const accountLinked = useAccountLinked();
  const [leaving, setLeaving] = useState(false);

  const finished = (outcome: FinalScrapeOutcome) => {
    if (outcome.kind === 'failed') {
      if (outcome.message !== '') void openDialog({ type: 'warning', content: outcome.message });
      return;
    }
    setLeaving(true);
    void accountLinked({ declined: outcome.kind === 'declined' }).finally(() => setLeaving(false));
  };
  const polling = useScrapePolling(finished);

  const manualLinked = async () => {
    setLeaving(true);
    await accountLinked();
    setLeaving(false);
  };

  const busy = polling.processing || leaving;

  return (
    <section className="page page-bank" aria-labelledby="page-title">
      <h1 id="page-title">{BANK_TEXTS.identifyBank}</h1>
      <p>{BANK_PAGE_TEXTS.intro}</p>
      {busy && (
        <div className="bank-processing" role="status">
          <Spinner size="large" label={BANK_TEXTS.processing} />
          <p>{BANK_TEXTS.processing}</p>
        </div>
      )}
      {/* Kept mounted while processing, so a failed session leaves the customer's choices as they were. */}
      <div hidden={busy}>
        <Tabs
          aria-label={BANK_PAGE_TEXTS.methods}
          items={[
            {
              id: 'connect',
              label: BANK_PAGE_TEXTS.connectTab,
              content: <ConnectBankForm onCompleted={polling.start} />,
            },
            {
              id: 'manual',
              label: BANK_PAGE_TEXTS.manualTab,
              content: <ManualAccountForm holder={member?.fullName ?? ''} onLinked={manualLinked} />,
            },
          ]}
        />
      </div>
    </section>
  );
}
