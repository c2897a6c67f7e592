import { morphUrl } from '../../../shared/morph.ts';
import { sessionMetaOf } from '../../auth/session-meta.ts';
import { issueReadOnlySession } from '../../auth/sessions.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor } from '../../audit/staff-write.ts';
import { BusinessError } from '../../http/errors.ts';
import { findMemberById } from './repository.ts';
import type { MembershipDeps } from './service.ts';

/**
 * MorphToPost (docs/backoffice.md §1 «morphTo»): a read-only customer session for the staff member, 15 minutes,
 * opened and audited in one transaction (who, which customer, why, the session's id and end — never the token).
 */
export async function morphTo(
  deps: MembershipDeps,
  actor: AuditActor & { staff: AuthenticatedStaff },
  customerId: number,
  body: { reason: string },
): Promise<{ url: string; expiresAt: string }> {
  return staffWrite(
    deps,
    actor,
    { entityType: 'customer', entityId: customerId, customerId, reason: body.reason },
    async (tx) => {
      const member = await findMemberById(tx, customerId);
      if (!member) throw new BusinessError('StaffCustomerNotFound');
      const session = await issueReadOnlySession(
        { ...deps, db: tx },
        { id: member.id, role: member.role },
        actor.staff.id,
        sessionMetaOf(actor.request),
      );
      return {
        before: null,
        after: { readOnlySession: session.jti, expiresAt: session.expiresAt.toISOString() },
        result: { url: morphUrl(session.token), expiresAt: session.expiresAt.toISOString() },
      };
    },
  );
}
