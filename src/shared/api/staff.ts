import { z } from 'zod';
import { ackSchema, emailTextSchema, idSchema, isoDateTimeSchema, textSchema } from './common.ts';
import { defineCall } from './define.ts';
import { STAFF_ROLES } from './roles.ts';

/**
 * The staff's own calls (docs/backoffice.md §1): login with a password and a TOTP code (enrolment on the first
 * login), the session, logout and the password change. Served by `modules/staff`; the staff token (`bo_…`) opens only
 * `staff` entries, and a customer token none of them.
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

export const staffCalls = {
  StaffLoginPost,
  StaffTotpPost,
  StaffMeGet,
  StaffLogoutPost,
  StaffPasswordChangePost,
} as const;
