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
import {
  createCalculatorStore,
  MINI_CALCULATOR,
  storedChoice,
  type CalculatorProduct,
  type CalculatorStore,
} from '../quotes/calculator-store.ts';
import { quoteClient, type Quote, type QuoteClient } from '../quotes/quote-client.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';
import { CalculatorControl } from './CalculatorControl.tsx';
import { CalculatorDisclaimer } from './CalculatorDisclaimer.tsx';
import { ProductSwitch } from './ProductSwitch.tsx';
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
const formatDays = (count: number) => formatMessage(HOME_PAGE_TEXTS.daysOption, { count });

/** The calculator section's id: the zero-interest hero's call to action leads to it. */
export const CALCULATOR_ID = 'calculadora';

export interface LoanCalculatorProps {
  /** The pricing client; the app's shared one by default (ignored when `store` is given). */
  client?: QuoteClient;
  /** The calculator's state, when the page shares it (the hero's call to action); else its own. */
  store?: CalculatorStore;
  /** The product shown first when the calculator makes its own state: the instalment loan by default. */
  initialProduct?: CalculatorProduct;
  /** Shown under the result: the page's 'Solicita YA'. */
  children?: ReactNode;
}

/**
 * The home calculator (first document §2, §4, §5) for both products, switched by 'Minipréstamo' / 'Préstamo a
 * plazos':
 * - the minipréstamo: amount 100–600 € in steps of 50 (300 first) and the term in days, 6 to 31 (20 first), each
 *   as a select and a slider; 'Pagarás X€ el {date}' for the one repayment, its interest and TAE, and the 0 %
 *   message when the server priced it as the interest-free first loan;
 * - the instalment loan: amount 2.000–5.000 € in steps of 500 (2.500 first) and 12–24 monthly instalments in steps
 *   of 4 (12 first); 'Pagarás X€ el {date}'.
 * For either, 'Más Información' opens the contract of the plan shown (AgreementPost with its `loanProduct`: the
 * minipréstamo's for its amount and its one repayment date), once the current choice is priced.
 * Under each, that product's representative example, from the loan definition of the last quote (the built-in one
 * until then). Which product comes first is the page's decision (HomePage.tsx).
 */
export function LoanCalculator({ client = quoteClient, store: shared, initialProduct, children }: LoanCalculatorProps) {
  const titleId = useId();
  const [store] = useState(() => shared ?? createCalculatorStore(client, { product: initialProduct }));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const appStore = useStore();
  // What the visitor chose (not the defaults): a new loan request starts from it (calculatorChoiceAtom).
  const rememberChoice = () => void appStore.set(calculatorChoiceAtom, storedChoice(store.getSnapshot()));
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

  const { product, quote } = snapshot;
  // The quote of the choice on screen, once priced: the one whose contract 'Más Información' opens.
  const shown = snapshot.status === 'ready' && quote?.product === product ? quote : null;
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      rememberChoice();
    };

  return (
    <section className="calc" id={CALCULATOR_ID} aria-labelledby={titleId}>
      <noscript>
        <p className="calc-noscript">
          {formatMessage(HOME_PAGE_TEXTS.calculatorNeedsJavaScript, {
            miniMin: formatEuros(MINI_CALCULATOR.amountMin),
            miniMax: formatEuros(MINI_CALCULATOR.amountMax),
            min: formatEuros(CALCULATOR.amountMin),
            max: formatEuros(CALCULATOR.amountMax),
            from: CALCULATOR.installmentsMin,
            to: CALCULATOR.installmentsMax,
          })}
        </p>
      </noscript>
      <h2 className="calc-title" id={titleId}>
        {HOME_PAGE_TEXTS.calculatorTitle}
      </h2>
      <ProductSwitch value={product} onChange={changed(store.setProduct)} />
      {product === 'mini' ? (
        <>
          <CalculatorControl
            label={HOME_PAGE_TEXTS.amountLabel}
            name="miniAmount"
            value={snapshot.miniAmount}
            min={MINI_CALCULATOR.amountMin}
            max={MINI_CALCULATOR.amountMax}
            step={MINI_CALCULATOR.amountStep}
            format={formatEuros}
            onChange={changed(store.setMiniAmount)}
          />
          <CalculatorControl
            label={HOME_PAGE_TEXTS.daysLabel}
            name="days"
            value={snapshot.days}
            min={MINI_CALCULATOR.daysMin}
            max={MINI_CALCULATOR.daysMax}
            step={1}
            format={formatDays}
            onChange={changed(store.setDays)}
          />
        </>
      ) : (
        <>
          <CalculatorControl
            label={HOME_PAGE_TEXTS.amountLabel}
            name="amount"
            value={snapshot.amount}
            min={CALCULATOR.amountMin}
            max={CALCULATOR.amountMax}
            step={CALCULATOR.amountStep}
            format={formatEuros}
            onChange={changed(store.setAmount)}
          />
          <CalculatorControl
            label={HOME_PAGE_TEXTS.installmentsLabel}
            name="installments"
            value={snapshot.installments}
            min={CALCULATOR.installmentsMin}
            max={CALCULATOR.installmentsMax}
            step={CALCULATOR.installmentsStep}
            format={formatInstallments}
            onChange={changed(store.setInstallments)}
          />
        </>
      )}
      <QuoteResult snapshot={snapshot} onRetry={store.retry} />
      {children}
      <CalculatorDisclaimer product={product} definition={quote?.plan.loanDefinition} />
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
