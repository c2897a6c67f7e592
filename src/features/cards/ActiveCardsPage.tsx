import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../lib/ui/Button.tsx';
import { Spinner } from '../../lib/ui/Spinner.tsx';
import { showToast } from '../../lib/ui/toast-store.ts';
import { usePageData } from '../../lib/api/use-page-data.ts';
import { maskedCard, showsBrandIcon } from '../../shared/card-display.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { routes } from '../../shared/routes/table.ts';
import { CardBrandIcon } from '../../lib/ui/CardBrandIcon.tsx';
import { getCustomerCards } from '../../lib/api/calls/customer-cards.ts';
import { setPrincipalCard } from './api/set-principal-card.ts';
import { ACTIVE_CARDS_TEXTS } from './texts.ts';
import './cards.css';

/**
 * `financialInfoActiveCards` (/financial-info/active-cards): the customer's cards (CustomerMiniGet, masked as
 * '**** **** **** 1111' with the Visa icon for a number starting with 4), which one is principal, 'Establecer como
 * principal' (CardSetActivePutByCardId → 'Has establecido tu tarjeta como principal.'), and links to add a card and
 * to verify one with a photo (upload card).
 */
export default function ActiveCardsPage() {
  const { load, retry, setLoad } = usePageData((signal) => getCustomerCards({ signal }));
  const [busyId, setBusyId] = useState<number | null>(null);

  const makePrincipal = async (cardId: number) => {
    setBusyId(cardId);
    try {
      await setPrincipalCard(cardId);
      showToast({ alertType: 'success', content: ACTIVE_CARDS_TEXTS.setPrincipalDone });
      setLoad((current) =>
        current.kind === 'ready'
          ? { kind: 'ready', value: current.value.map((card) => ({ ...card, isActive: card.id === cardId })) }
          : current,
      );
    } catch {
      showToast({ alertType: 'error', content: ACTIVE_CARDS_TEXTS.setPrincipalFailed });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="page page-active-cards" aria-labelledby="page-title">
      <h1 id="page-title">{routes.financialInfoActiveCards.title}</h1>
      <p>{ACTIVE_CARDS_TEXTS.intro}</p>
      {load.kind === 'loading' && <Spinner />}
      {load.kind === 'failed' && (
        <div role="alert">
          <p>{ACTIVE_CARDS_TEXTS.loadFailed}</p>
          <Button onPress={retry}>{ACTIVE_CARDS_TEXTS.retry}</Button>
        </div>
      )}
      {load.kind === 'ready' && load.value.length === 0 && <p>{ACTIVE_CARDS_TEXTS.none}</p>}
      {load.kind === 'ready' && load.value.length > 0 && (
        <ul className="active-cards-list" aria-label={ACTIVE_CARDS_TEXTS.listLabel}>
          {load.value.map((card) => (
            <li key={card.id} className="active-card" data-principal={card.isActive}>
              {showsBrandIcon(card) && <CardBrandIcon />}
              <span className="active-card-number">{maskedCard(card.maskedCardNumber)}</span>
              <span className="active-card-status">
                {ACTIVE_CARDS_TEXTS.status[card.cardStatus]}
                {card.cardSubStatus === 'uploaded' && ` · ${ACTIVE_CARDS_TEXTS.proofUploaded}`}
                {card.cardSubStatus === 'askForProof' && ` · ${ACTIVE_CARDS_TEXTS.proofAsked}`}
              </span>
              {card.isActive ? (
                <span className="active-card-badge">{ACTIVE_CARDS_TEXTS.principal}</span>
              ) : (
                <Button
                  variant="secondary"
                  isLoading={busyId === card.id}
                  isDisabled={busyId !== null}
                  onPress={() => void makePrincipal(card.id)}
                  aria-label={`${ACTIVE_CARDS_TEXTS.setPrincipal}: ${maskedCard(card.maskedCardNumber)}`}
                >
                  {ACTIVE_CARDS_TEXTS.setPrincipal}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="active-cards-actions">
        <Link className="ui-button ui-button--primary" to={buildPath('financialInfoAddCard')}>
          {ACTIVE_CARDS_TEXTS.addCard}
        </Link>
        <Link className="ui-button ui-button--secondary" to={buildPath('financialInfoUploadCard')}>
          {ACTIVE_CARDS_TEXTS.uploadProof}
        </Link>
      </p>
    </section>
  );
}
