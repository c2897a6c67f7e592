import type { MouseEvent } from 'react';
import { ZERO_INTEREST_FIRST_LOAN_MAX_EUROS } from '../../../shared/constants.ts';
import { formatMessage, SHELL_MESSAGES } from '../../../shared/messages.ts';
import type { HeroVariant } from '../hero-variant.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';

/**
 * The page title and its lead: the zero-interest offer or the standard promise (see hero-variant.ts). The offer's
 * call to action leads to the calculator (a link to it, which works before the app has started) and, once the app
 * runs, `onChooseOffer` shows the offer there: the minipréstamo of 300 €.
 */
export function HeroSection({ variant, onChooseOffer }: { variant: HeroVariant; onChooseOffer?: () => void }) {
  const choose = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onChooseOffer) return;
    event.preventDefault();
    onChooseOffer();
  };
  return (
    <header className="home-hero">
      {variant === 'zeroInterest' && <p className="home-offer-badge">{HOME_PAGE_TEXTS.heroZeroInterestBadge}</p>}
      <h1 id="page-title" className="home-title">
        {SHELL_MESSAGES.homeTitle}
      </h1>
      <p className="home-lead">
        {variant === 'zeroInterest'
          ? formatMessage(HOME_PAGE_TEXTS.heroZeroInterest, { amount: ZERO_INTEREST_FIRST_LOAN_MAX_EUROS })
          : HOME_PAGE_TEXTS.heroStandard}
      </p>
      {variant === 'zeroInterest' && (
        <a className="ui-button ui-button--secondary home-offer-cta" href="#calculadora" onClick={choose}>
          {HOME_PAGE_TEXTS.heroZeroInterestCta}
        </a>
      )}
    </header>
  );
}
