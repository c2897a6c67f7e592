import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor } from '../../audit/staff-write.ts';
import { BusinessError } from '../../http/errors.ts';
import { liftBlock } from './repository.ts';
import type { MembershipDeps } from './service.ts';

/**
 * UnblockPost (docs/backoffice.md §1): an agent lifts a customer's `MemberBlocked` after checking who is calling.
 * The credentials row is locked while it changes, so a PIN failure landing at the same moment counts after it;
 * audited with the block's instant, the failures it had and the reason typed.
 */
export async function unblockMember(
  deps: MembershipDeps,
  actor: AuditActor & { staff: AuthenticatedStaff },
  body: { customerId: number; reason: string },
): Promise<boolean> {
  const { customerId, reason } = body;
  return staffWrite(deps, actor, { entityType: 'customer', entityId: customerId, customerId, reason }, async (tx) => {
    const lifted = await liftBlock(tx, customerId, deps.clock.now());
    if (lifted === 'unknown') throw new BusinessError('StaffCustomerNotFound');
    if (lifted === 'notBlocked') throw new BusinessError('CustomerNotBlocked');
    return {
      before: { blocked: true, blockedAt: lifted.blockedAt?.toISOString() ?? null, failures: lifted.failures },
      after: { blocked: false, blockedAt: null, failures: 0 },
      result: true,
    };
  });
}
