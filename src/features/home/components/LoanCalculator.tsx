import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useStore } from 'jotai';
import { yieldToMain } from '../../../lib/scheduling/yield-to-main.ts';
import { calculatorChoiceAtom } from '../../../lib/storage/atoms.ts';
import { CALCULATOR } from '../../../shared/constants.ts';
import { formatMessage, HOME_TEXTS } from '../../../shared/messages.ts';
import { formatWholeEuros } from '../../../shared/money.ts';
import type { AgreementModalProps } from '../agreement/AgreementModal.tsx';
import { createCalculatorStore } from '../quotes/calculator-store.ts';
import { quoteClient, type Quote, type QuoteClient } from '../quotes/quote-client.ts';
import { computeDisclaimer, knownDisclaimer } from '../disclaimer.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';
import { CalculatorControl } from './CalculatorControl.tsx';
import { QuoteResult } from './QuoteResult.tsx';

/** If the modal's code cannot be downloaded (offline), the modal closes as when its content fails (first doc §8). */
function ClosesAtOnce({ onClose }: AgreementModalProps) {
  useEffect(() => onClose(), [onClose]);
  return null;
}

const AgreementModal = lazy<ComponentType<AgreementModalProps>>(() =>
  import('../agreement/AgreementModal.tsx').catch((error: unknown): { default: ComponentType<AgreementModalProps> } => {
    console.error('The agreement modal could not be loaded', error);
    return { default: ClosesAtOnce };
  }),
);

const formatEuros = formatWholeEuros;
const formatInstallments = (count: number) => formatMessage(HOME_PAGE_TEXTS.installmentsOption, { count });

export interface LoanCalculatorProps {
  /** The pricing client; the app's shared one by default. */
  client?: QuoteClient;
  /** Shown under the result: the page's 'Solicita YA'. */
  children?: ReactNode;
}

/**
 * The home calculator (first document §2, §4, §5): amount 2.000–5.000 € in steps of 500 (default 2.500) and 12–24
 * monthly instalments in steps of 4 (default 12), each as a select and a slider; 'Pagarás X€ el {date}'; the
 * illustrative disclaimer rendered from the loan definition of the last quote (the default definition until then);
 * 'Más Información' opens the contract of the plan shown.
 */
export function LoanCalculator({ client = quoteClient, children }: LoanCalculatorProps) {
  const titleId = useId();
  const [store] = useState(() => createCalculatorStore(client));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const appStore = useStore();
  // What the visitor chose (not the defaults): a new loan request starts from it (calculatorChoiceAtom).
  const rememberChoice = () => {
    const { amount, installments } = store.getSnapshot();
    void appStore.set(calculatorChoiceAtom, { amount, installments });
  };
  useEffect(() => {
    // The first quote is asked for in a task of its own: building its requests would otherwise lengthen the task that
    // commits the page (on a pre-rendered home page, the app's takeover) by a third on a mid-range phone.
    let mounted = true;
    void yieldToMain().then(() => {
      if (mounted) store.start();
    });
    return () => {
      mounted = false;
      store.stop();
    };
  }, [store]);
  const [agreementQuote, setAgreementQuote] = useState<Quote | null>(null);

  const definition = snapshot.quote?.plan.loanDefinition;
  const known = knownDisclaimer(definition);
  const [computed, setComputed] = useState<{ for: typeof definition; text: string } | null>(null);
  useEffect(() => {
    if (known !== null || definition === undefined) return;
    let current = true;
    void computeDisclaimer(definition).then((text) => {
      if (current) setComputed({ for: definition, text });
    });
    return () => {
      current = false;
    };
  }, [known, definition]);
  const disclaimer = known ?? (computed !== null && computed.for === definition ? computed.text : '');
  const shown = snapshot.status === 'ready' ? snapshot.quote : null;

  return (
    <section className="calc" aria-labelledby={titleId}>
      <noscript>
        <p className="calc-noscript">
          {formatMessage(HOME_PAGE_TEXTS.calculatorNeedsJavaScript, {
            min: CALCULATOR.amountMin,
            max: CALCULATOR.amountMax,
            from: CALCULATOR.installmentsMin,
            to: CALCULATOR.installmentsMax,
          })}
        </p>
      </noscript>
      <h2 className="calc-title" id={titleId}>
        {HOME_PAGE_TEXTS.calculatorTitle}
      </h2>
      <CalculatorControl
        label={HOME_PAGE_TEXTS.amountLabel}
        name="amount"
        value={snapshot.amount}
        min={CALCULATOR.amountMin}
        max={CALCULATOR.amountMax}
        step={CALCULATOR.amountStep}
        format={formatEuros}
        onChange={(amount) => {
          store.setAmount(amount);
          rememberChoice();
        }}
      />
      <CalculatorControl
        label={HOME_PAGE_TEXTS.installmentsLabel}
        name="installments"
        value={snapshot.installments}
        min={CALCULATOR.installmentsMin}
        max={CALCULATOR.installmentsMax}
        step={CALCULATOR.installmentsStep}
        format={formatInstallments}
        onChange={(installments) => {
          store.setInstallments(installments);
          rememberChoice();
        }}
      />
      <QuoteResult snapshot={snapshot} onRetry={store.retry} />
      {children}
      <p className="calc-disclaimer">{disclaimer}</p>
      <button
        type="button"
        className="ui-button ui-button--link calc-more"
        disabled={shown === null}
        onClick={() => setAgreementQuote(shown)}
      >
        {HOME_TEXTS.moreInformation}
      </button>
      {agreementQuote && (
        <Suspense fallback={null}>
          <AgreementModal quote={agreementQuote} onClose={() => setAgreementQuote(null)} />
        </Suspense>
      )}
    </section>
  );
}
