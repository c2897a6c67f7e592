import { useState, type ReactNode } from 'react';
import { Button } from '../../../lib/ui/Button.tsx';
import { SetCardSubStatusPost, staffCardSubStatuses, type StaffCard } from '../../../shared/api/card-staff.ts';
import { ActionDialog } from '../../lib/ActionDialog.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { CARD_SUB_STATUS_LABELS } from '../../lib/status-labels.ts';
import { REVIEW_TEXTS } from './texts-reviews.ts';

const T = REVIEW_TEXTS.cards;
export type CardProofAction = (typeof staffCardSubStatuses)[number];

/**
 * The proof actions the server allows from the card's state (modules/card/staff-writes.ts): none on a deleted card;
 * 'Pedir justificante' unless one is already asked; accepting or rejecting only an uploaded proof.
 */
export function proofActionsOf(card: StaffCard): CardProofAction[] {
  if (card.cardStatus === 'Deleted') return [];
  return staffCardSubStatuses.filter((action) =>
    action === 'askForProof' ? card.cardSubStatus !== 'askForProof' : card.cardSubStatus === 'uploaded',
  );
}

export interface CardProof {
  /** The buttons of `card`'s allowed actions. */
  buttons: (card: StaffCard) => ReactNode;
  /** The dialog, to render once in the tab. */
  dialog: ReactNode;
}

/**
 * 'Pedir justificante', 'Aceptar justificante', 'Rechazar justificante' of a card (`SetCardSubStatusPost`, with the
 * audit reason); `onDone` gets what was done to say so and read the cards again.
 */
export function useCardProof(onDone: (done: string) => void): CardProof {
  const [acting, setActing] = useState<{ card: StaffCard; action: CardProofAction } | null>(null);

  const buttons = (card: StaffCard) => {
    const actions = proofActionsOf(card);
    if (actions.length === 0) return T.noActions;
    return (
      <span className="bo-row-actions">
        {actions.map((action) => (
          <Button
            key={action}
            variant="secondary"
            aria-label={T.actionLabel(T[action], card.maskedCardNumber)}
            onPress={() => setActing({ card, action })}
          >
            {T[action]}
          </Button>
        ))}
      </span>
    );
  };

  const confirm = async (reason: string | null) => {
    if (!acting) return;
    const { card, action } = acting;
    await call(SetCardSubStatusPost, { body: { cardId: card.id, cardSubStatus: action, reason: reason ?? '' } });
    onDone(T.done(card.maskedCardNumber, CARD_SUB_STATUS_LABELS[action]));
  };

  const dialog = acting && (
    <ActionDialog
      isOpen
      onClose={() => setActing(null)}
      title={T.titles[acting.action](acting.card.maskedCardNumber)}
      confirmLabel={T[acting.action]}
      tone={acting.action === 'proofRejected' ? 'danger' : 'default'}
      reason="required"
      onConfirm={confirm}
    >
      <p>{T.bodies[acting.action]}</p>
    </ActionDialog>
  );
  return { buttons, dialog };
}
