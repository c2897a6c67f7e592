import { useStore } from 'jotai';
import { useState } from 'react';
import { useSession } from '../../lib/session/session.ts';
import { calculatorChoiceAtom } from '../../lib/storage/atoms.ts';
import { ApplyNow } from './components/ApplyNow.tsx';
import { HeroSection } from './components/HeroSection.tsx';
import { HowItWorks } from './components/HowItWorks.tsx';
import { CALCULATOR_ID, LoanCalculator } from './components/LoanCalculator.tsx';
import { Requirements } from './components/Requirements.tsx';
import { heroVariant } from './hero-variant.ts';
import { createCalculatorStore, MINI_CALCULATOR, storedChoice } from './quotes/calculator-store.ts';
import { quoteClient } from './quotes/quote-client.ts';
import './home.css';

/**
 * The home page (route `home`, first document §2): the hero, the calculator with 'Solicita YA' (phone form for new
 * visitors), 'Cómo funciona' and the requirements. It ships in the first load, so it stays light: native form
 * controls, and everything heavier (the phone validation, the agreement modal) loads when it is needed.
 *
 * Which product the calculator shows first (decision): the one the hero speaks of. With the zero-interest hero
 * (visitors and customers who can still take the 0 % first loan, hero-variant.ts) the minipréstamo at 300 € — the offer itself,
 * 0 % for them; with the standard hero (a loan behind them, or an active one) the instalment loan, as before. Decided
 * once, when the page is shown, so a session that changes later never switches the product under the customer.
 * The pre-rendered page is a first visit's (a visitor's), so it shows the minipréstamo and the app hydrates it as is.
 * The hero's call to action shows the offer again (minipréstamo, 300 €: the highest interest-free first loan) after
 * any change.
 */
export default function HomePage() {
  const { status, hasActiveLoan, member } = useSession();
  const variant = heroVariant(status, hasActiveLoan, member?.firstLoanInterestFree);
  const [calculator] = useState(() =>
    createCalculatorStore(quoteClient, { product: variant === 'zeroInterest' ? 'mini' : 'installment' }),
  );
  const appStore = useStore();
  const chooseOffer = () => {
    calculator.setProduct('mini');
    calculator.setMiniAmount(MINI_CALCULATOR.amountDefault);
    void appStore.set(calculatorChoiceAtom, storedChoice(calculator.getSnapshot()));
    document.querySelector<HTMLInputElement>(`#${CALCULATOR_ID} input[name="product"][value="mini"]`)?.focus();
  };
  return (
    <div className="page page-home">
      <div className="home-top">
        <HeroSection variant={variant} onChooseOffer={chooseOffer} />
        <LoanCalculator store={calculator}>
          <ApplyNow />
        </LoanCalculator>
      </div>
      <HowItWorks />
      <Requirements />
    </div>
  );
}
