import type { z } from 'zod';
import type { StaffCustomer, StaffCustomerPut } from '../../../shared/api/customer-staff.ts';
import { ADMINS } from '../../../shared/api/roles.ts';
import { makeBirthDateSchema } from '../../../shared/validators/birth-date.ts';
import { madridToday, parseIsoDate, toIsoDate } from '../../../shared/validators/madrid-today.ts';
import { personNameSchema } from '../../../shared/validators/name.ts';
import { nationalIdSchema } from '../../../shared/validators/national-id.ts';
import type { AuthenticatedStaff } from '../../auth/staff-sessions.ts';
import { staffWrite, type AuditActor, type StaffWriteDeps } from '../../audit/staff-write.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { IDENTITY_LOCK } from './email.ts';
import { changedFields } from './staff-changes.ts';
import { findScopedCustomer, staffCustomerRecord } from './staff-record.ts';
import { customerForUpdate, nationalIdHeldByAnother, updateCustomerFields } from './staff-repository.ts';

/**
 * StaffCustomerPut (docs/backoffice.md §5): the record's names and gender, and for administrators its DNI/NIE and
 * birth date, checked with the registration's shared validators and answered with the registration's codes.
 */

type Body = z.infer<typeof StaffCustomerPut.body>;
type Fields = Partial<Pick<StaffCustomer, 'firstName' | 'lastName' | 'gender' | 'nationalId' | 'birthDate'>>;

const checked = <T>(schema: z.ZodType<T>, value: unknown, error: () => BusinessError): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw error();
  return parsed.data;
};

/** The fields sent, normalised as registration stores them, or the registration's code for the first bad one. */
function validFields(body: Body, now: Date): Fields {
  const fields: Fields = {};
  const invalidName = () => new BusinessError('InvalidName');
  if (body.firstName !== undefined) fields.firstName = checked(personNameSchema, body.firstName, invalidName);
  if (body.lastName !== undefined) fields.lastName = checked(personNameSchema, body.lastName, invalidName);
  if (body.gender !== undefined) fields.gender = body.gender;
  if (body.nationalId !== undefined)
    fields.nationalId = checked(nationalIdSchema, body.nationalId, () => new BusinessError('DNINotValid'));
  if (body.birthDate !== undefined) {
    fields.birthDate = checked(makeBirthDateSchema(now), body.birthDate, () => {
      // As the signup: a date after today is no birth date, any other out of the 18–75 range an age refusal.
      const date = parseIsoDate(body.birthDate ?? '');
      const possible = date !== undefined && toIsoDate(date) <= toIsoDate(madridToday(now));
      return new BusinessError(possible ? 'EligibleAgeError' : 'InvalidBirthDate');
    });
  }
  return fields;
}

export async function updateStaffCustomer(
  deps: StaffWriteDeps,
  actor: AuditActor & { staff: AuthenticatedStaff },
  customerId: number,
  body: Body,
): Promise<StaffCustomer> {
  const identity = body.nationalId !== undefined || body.birthDate !== undefined;
  if (identity && !(ADMINS as readonly string[]).includes(actor.staff.role)) throw new HttpError('Forbidden');
  await findScopedCustomer(deps.db, actor.staff, customerId);
  const fields = validFields(body, deps.clock.now());
  const target = { entityType: 'customer', entityId: customerId, customerId, reason: body.reason ?? null };
  // A DNI/NIE change runs under the registration's identity lock, so a signup cannot take the same one meanwhile.
  await staffWrite(deps, actor, { ...target, lock: fields.nationalId ? IDENTITY_LOCK : undefined }, async (tx) => {
    const current = await customerForUpdate(tx, customerId);
    const change = changedFields(current, fields);
    if (!change) throw new BusinessError('NothingToChange');
    if (change.after.nationalId && (await nationalIdHeldByAnother(tx, customerId, fields.nationalId ?? '')))
      throw new BusinessError('StaffNationalIdTaken');
    await updateCustomerFields(tx, customerId, change.after as Fields, deps.clock.now());
    return { ...change, result: true };
  });
  return staffCustomerRecord(deps.db, actor.staff, customerId);
}
