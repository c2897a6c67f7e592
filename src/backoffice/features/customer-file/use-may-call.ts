import type { AnyCall } from '../../../shared/api/define.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';

/** Whether the staff member of the session may make `entry`'s call (its `roles`): an action shows only then. */
export function useMayCall(entry: AnyCall): boolean {
  const role = useStaffSession().session?.staff.role;
  return role !== undefined && (entry.roles as readonly string[]).includes(role);
}
