import type { CallBody } from '../../../shared/api/define.ts';
import type { SetCardSubStatusPost } from '../../../shared/api/card-staff.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import { BusinessError } from '../../http/errors.ts';
import { lockCardForStaff, setCardSubStatus } from './repository.ts';
import { scopedCardCustomer } from './staff-reads.ts';

/**
 * SetCardSubStatusPost (docs/backoffice.md §5 'Tarjetas', docs/rules/bank-and-cards.md): the card proof's steps a staff
 * member takes. `askForProof` on a card that is not deleted and not already waiting for one; `proofAccepted` or
 * `proofRejected` only on a proof uploaded (sub-status `uploaded`, set by the customer's CardProofUploadPost). Under
 * the card's lock, in one transaction with its `cardSubStatus` history row (changedBy `staff:<id>`) and its audit
 * record.
 */
export async function setCardSubStatusByStaff(
  deps: StaffWriteDeps,
  actor: AuditActor & { staff: AuthenticatedStaff },
  body: CallBody<typeof SetCardSubStatusPost>,
) {
  const { cardId, cardSubStatus: to, reason } = body;
  const customerId = await scopedCardCustomer(deps.db, actor.staff, cardId);
  const target = { entityType: 'card', entityId: cardId, customerId, reason, lock: `card:${cardId}` };
  return staffWrite(deps, actor, target, async (tx) => {
    const card = await lockCardForStaff(tx, cardId);
    if (!card) throw new BusinessError('StaffCardNotFound');
    if (card.cardStatus === 'Deleted') throw new BusinessError('CardDeleted');
    if (to === 'askForProof' && card.cardSubStatus === 'askForProof') throw new BusinessError('CardProofAlreadyAsked');
    if (to !== 'askForProof' && card.cardSubStatus !== 'uploaded') throw new BusinessError('CardProofNotUploaded');
    const row = await setCardSubStatus(tx, {
      cardId,
      to,
      changedBy: `staff:${actor.staff.id}`,
      reason,
      at: deps.clock.now(),
    });
    return {
      before: { cardSubStatus: card.cardSubStatus },
      after: { cardSubStatus: to },
      result: { id: cardId, cardSubStatus: row.cardSubStatus ?? to },
    };
  });
}
