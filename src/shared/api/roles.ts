import { CUSTOMER_ROLE, type UserRole } from '../statuses.ts';

/**
 * Who may call an entry of the contract: the spec's role names (`userRoles` of ../statuses.ts) as role lists
 * (second document §6 «Backend roles»: «Each call carries a role list»). `public` is the list of a call anyone may
 * make, logged in or not; `none` is only the `X-Member-Role` header of a client without a session, never a list entry.
 */
export const STAFF_ROLES = [
  'cam',
  'administrator',
  'alladmins',
  'collectioncompany',
  'system',
] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export type CallRole = 'public' | typeof CUSTOMER_ROLE | StaffRole;

/** The role list of a call anyone may make (the calls «open to all roles»: time, holidays, quotes, login). */
export const PUBLIC = ['public'] as const satisfies readonly CallRole[];
/** The role list of a customer's own calls. */
export const CUSTOMER = [CUSTOMER_ROLE] as const satisfies readonly CallRole[];

/** §6 «Admin only»: administrators, and the super-administrators who may do everything they may. */
export const ADMINS = ['administrator', 'alladmins'] as const satisfies readonly StaffRole[];
/** §6 «Cam and administrator». */
export const CAM_ADMINS = ['cam', ...ADMINS] as const satisfies readonly StaffRole[];
/** §6 «Cam, administrator, collectioncompany». */
export const CAM_ADMINS_COLLECTION = [...CAM_ADMINS, 'collectioncompany'] as const satisfies readonly StaffRole[];

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);
