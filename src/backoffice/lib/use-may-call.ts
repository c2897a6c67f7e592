import type { AnyCall } from '../../shared/api/define.ts';
import { useStaffSession } from './use-staff-session.ts';

/** Whether the logged-in staff member's role is in the entry's `roles` (an action hides from the others). */
export function useMayCall(entry: AnyCall): boolean {
  const role = useStaffSession().session?.staff.role;
  return role !== undefined && (entry.roles as readonly string[]).includes(role);
}

/** The logged-in staff member's id (null without a session). */
export function useStaffId(): number | null {
  return useStaffSession().session?.staff.id ?? null;
}
