import { z } from 'zod';
import { auditReasonSchema } from './audit.ts';
import { ackSchema, emailTextSchema, idParamSchema, idSchema, isoDateTimeSchema, textSchema } from './common.ts';
import { defineCall } from './define.ts';
import { pageQueryFields, paged } from './paging.ts';
import { ADMINS, CAM_ADMINS, STAFF_ROLES, type StaffRole } from './roles.ts';

/**
 * The staff's own calls (docs/backoffice.md §1): login with a password and a TOTP code (enrolment on the first
 * login), the session, logout and the password change; and the staff users' calls: the agents and collection
 * companies to pick from, and the administrators' list, creation, change, unlock and reset of accounts. Served by
 * `modules/staff`; the staff token (`bo_…`) opens only `staff` entries, and a customer token none of them.
 */

export const staffRoleSchema = z.enum(STAFF_ROLES);

/** Who is logged in, as the back office shows it. */
export const staffMemberSchema = z.object({
  id: idSchema,
  email: z.string(),
  fullName: z.string(),
  role: staffRoleSchema,
  collectionCompanyId: idSchema.nullable(),
  mustChangePassword: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

const challengeIdSchema = textSchema().min(1).max(100);
const staffPasswordSchema = textSchema().min(1).max(128);

/** The first factor. Then the code (`totp`), or first the app's enrolment (`enrol`: its URI, secret and QR code). */
export const StaffLoginPost = defineCall({
  name: 'StaffLoginPost',
  method: 'POST',
  path: '/api/membership/staff/login',
  auth: 'public',
  roles: ['public'],
  body: z.strictObject({ email: emailTextSchema, password: staffPasswordSchema }),
  response: z.object({
    step: z.enum(['totp', 'enrol']),
    challengeId: z.string(),
    /** Only for `enrol`: what the authenticator app scans or the staff member types. */
    enrolment: z.object({ otpauthUri: z.string(), secret: z.string(), qrSvg: z.string() }).nullable(),
  }),
  errors: ['WrongCredentials', 'StaffLocked'],
});

/** The second factor: the code of the authenticator app → the staff session. */
export const StaffTotpPost = defineCall({
  name: 'StaffTotpPost',
  method: 'POST',
  path: '/api/membership/staff/totp',
  auth: 'public',
  roles: ['public'],
  body: z.strictObject({ challengeId: challengeIdSchema, code: textSchema().min(1).max(10) }),
  response: z.object({
    token: z.string(),
    /** When the session ends whatever happens (10 hours after login). */
    expiresAt: isoDateTimeSchema,
    /** Seconds without a call after which the session ends. */
    idleSeconds: z.number().int().positive(),
    staff: staffMemberSchema,
  }),
  errors: ['WrongTotpCode', 'ChallengeExpired', 'StaffLocked'],
});

/** The logged-in staff member (the back office's start; also keeps the session alive). */
export const StaffMeGet = defineCall({
  name: 'StaffMeGet',
  method: 'GET',
  path: '/api/membership/staff/me',
  auth: 'staff',
  roles: STAFF_ROLES,
  response: staffMemberSchema,
});

export const StaffLogoutPost = defineCall({
  name: 'StaffLogoutPost',
  method: 'POST',
  path: '/api/membership/staff/logout',
  auth: 'staff',
  roles: STAFF_ROLES,
  response: ackSchema,
});

/** A new password (12–128 characters): clears a pending change and ends the member's other sessions. */
export const StaffPasswordChangePost = defineCall({
  name: 'StaffPasswordChangePost',
  method: 'POST',
  path: '/api/membership/staff/changePassword',
  auth: 'staff',
  roles: STAFF_ROLES,
  body: z.strictObject({ currentPassword: staffPasswordSchema, newPassword: staffPasswordSchema }),
  response: ackSchema,
  errors: ['WrongCurrentPassword', 'WeakPassword'],
});

/** An agent to assign a to-do or a complaint to. */
export const camSchema = z.object({ id: idSchema, fullName: z.string() });

/** The active (not disabled) agents, by name. */
export const CamsGet = defineCall({
  name: 'CamsGet',
  method: 'GET',
  path: '/api/membership/cams',
  auth: 'staff',
  roles: CAM_ADMINS,
  response: z.array(camSchema),
});

export const collectionCompanySchema = z.object({
  id: idSchema,
  name: z.string(),
  cif: z.string(),
  active: z.boolean(),
});

/** The external collection companies, by name (their CRUD and the customers' assignment are part 2's). */
export const CollectionCompaniesGet = defineCall({
  name: 'CollectionCompaniesGet',
  method: 'GET',
  path: '/api/membership/collectionCompanies',
  auth: 'staff',
  roles: CAM_ADMINS,
  response: z.array(collectionCompanySchema),
});

/**
 * The roles an account may be given: every staff role but `system` (machine accounts, no interactive login). Only
 * `alladmins` may give `administrator` or `alladmins` (docs/backoffice.md §1 «alladmins»).
 */
export const PANEL_USER_ROLES = ['cam', 'collectioncompany', 'administrator', 'alladmins'] as const;
export const panelUserRoleSchema = z.enum(PANEL_USER_ROLES);

/** The roles an `administrator` manages and gives; `alladmins` manage every account. */
export const ADMINISTRATOR_MANAGES: readonly StaffRole[] = ['cam', 'collectioncompany'];

/** Whether `actor` may manage accounts of (and give) every one of `roles`: the server's rule, and the screens'. */
export const managesRoles = (actor: StaffRole, roles: readonly StaffRole[]): boolean =>
  actor === 'alladmins' || roles.every((role) => ADMINISTRATOR_MANAGES.includes(role));

/** A staff account as the administrators' list shows it (never its password or TOTP secret). */
export const staffUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  fullName: z.string(),
  role: staffRoleSchema,
  collectionCompanyId: idSchema.nullable(),
  /** Five failed passwords or codes in a row; an administrator unlocks it. */
  locked: z.boolean(),
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  /** An authenticator app is confirmed; false until the first login enrols one (or after a TOTP reset). */
  totpEnrolled: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffUserStatuses = ['active', 'locked', 'disabled'] as const;

/** A page of the staff accounts by name: by role, by a piece of the e-mail or name, by status. Admins only. */
export const PanelUsersGet = defineCall({
  name: 'PanelUsersGet',
  method: 'GET',
  path: '/api/membership/panelUsers',
  auth: 'staff',
  roles: ADMINS,
  query: z.strictObject({
    role: staffRoleSchema.optional(),
    /** Part of the e-mail or of the name, any case. */
    q: textSchema().trim().min(1, 'Escribe algo que buscar').max(100, 'Como mucho 100 caracteres').optional(),
    /** `active`: neither locked nor disabled; `locked`: locked and not disabled; `disabled`. */
    status: z.enum(staffUserStatuses).optional(),
    ...pageQueryFields,
  }),
  response: paged(staffUserSchema),
});

const staffEmailSchema = emailTextSchema.refine((email) => z.email().safeParse(email.trim()).success, {
  error: 'Escribe un correo electrónico válido',
});
const fullNameSchema = textSchema()
  .trim()
  .min(1, 'Escribe el nombre y los apellidos')
  .max(200, 'El nombre no puede tener más de 200 caracteres');

/**
 * A new account with a temporary password, answered once: its member changes it at the first login, after enrolling
 * an authenticator app. A `collectioncompany` user needs an active company; no other role has one.
 */
export const PanelUserPost = defineCall({
  name: 'PanelUserPost',
  method: 'POST',
  path: '/api/membership/panelUsers',
  auth: 'staff',
  roles: ADMINS,
  body: z.strictObject({
    email: staffEmailSchema,
    fullName: fullNameSchema,
    role: panelUserRoleSchema,
    collectionCompanyId: idSchema.nullable().optional(),
    reason: auditReasonSchema.optional(),
  }),
  response: z.object({ user: staffUserSchema, temporaryPassword: z.string() }),
  errors: ['StaffEmailTaken', 'StaffCompanyMismatch', 'CollectionCompanyNotFound'],
});

/**
 * A change to an account: name, role, company, disabled or not, `locked: false` (the unlock: the failure count back
 * to 0). Disabling it or changing its role ends its sessions. Nobody disables their own account or changes their own
 * role. Answers the account as it is now.
 */
export const PanelUserPut = defineCall({
  name: 'PanelUserPut',
  method: 'PUT',
  path: '/api/membership/panelUsers/:staffUserId',
  auth: 'staff',
  roles: ADMINS,
  params: z.strictObject({ staffUserId: idParamSchema }),
  body: z.strictObject({
    fullName: fullNameSchema.optional(),
    role: panelUserRoleSchema.optional(),
    /** Omitted: kept while the role stays `collectioncompany`, removed otherwise. */
    collectionCompanyId: idSchema.nullable().optional(),
    disabled: z.boolean().optional(),
    /** Only `false`: accounts are locked by failed logins, never by hand (disable it instead). */
    locked: z.literal(false).optional(),
    reason: auditReasonSchema,
  }),
  response: staffUserSchema,
  errors: ['StaffUserNotFound', 'StaffCompanyMismatch', 'CollectionCompanyNotFound', 'OwnStaffAccount'],
});

/**
 * A new temporary password for a member who forgot theirs (answered once; changed at the next login), and with
 * `resetTotp` a new authenticator app (enrolled at the next login). Ends the member's sessions.
 */
export const ResetCamPasswordPost = defineCall({
  name: 'ResetCamPasswordPost',
  method: 'POST',
  path: '/api/membership/resetCamPassword',
  auth: 'staff',
  roles: ADMINS,
  body: z.strictObject({ staffUserId: idSchema, resetTotp: z.boolean(), reason: auditReasonSchema }),
  response: z.object({ temporaryPassword: z.string() }),
  errors: ['StaffUserNotFound', 'OwnStaffAccount'],
});

export const staffCalls = {
  StaffLoginPost,
  StaffTotpPost,
  StaffMeGet,
  StaffLogoutPost,
  StaffPasswordChangePost,
  CamsGet,
  CollectionCompaniesGet,
  PanelUsersGet,
  PanelUserPost,
  PanelUserPut,
  ResetCamPasswordPost,
} as const;
