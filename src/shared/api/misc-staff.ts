import { z } from 'zod';
import { auditReasonSchema } from './audit.ts';
import { idParamSchema, idSchema, isoDateSchema, isoDateTimeSchema, staffNameSchema } from './common.ts';
import { defineCall } from './define.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * The lender's calendar (docs/rules/loan-request.md "The lender's calendar"; catalogue `holliday(s)`, `freezeDay`; §6: cam and administrator),
 * served by `modules/misc`: the national holidays it computes, and the days staff add — a holiday of the lender or a
 * freeze day — from today on.
 */

export const calendarDayKinds = ['holiday', 'freeze'] as const;
export type CalendarDayKind = (typeof calendarDayKinds)[number];

/** A day staff added: a holiday of the lender or a freeze day, who added it and when. */
export const calendarDaySchema = z.object({
  id: idSchema,
  day: isoDateSchema,
  kind: z.enum(calendarDayKinds),
  name: z.string(),
  createdBy: staffNameSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** This year's and next year's calendar: the national holidays and the days staff added, by date. */
export const CalendarDaysGet = defineCall({
  name: 'CalendarDaysGet',
  method: 'GET',
  path: '/api/loan/calendarDays',
  auth: 'staff',
  roles: CAM_ADMINS,
  response: z.object({ national: z.array(isoDateSchema), days: z.array(calendarDaySchema) }),
});

const dayBody = z.strictObject({
  day: isoDateSchema,
  name: z.string().trim().min(3, 'Escribe el nombre o el motivo del día').max(80, 'Como mucho 80 caracteres'),
  reason: auditReasonSchema,
});
const dayErrors = ['CalendarDayPast', 'CalendarDayExists'] as const;

/**
 * `holliday` POST: a holiday of the lender from today on (a regional holiday, a day the office closes): from then it
 * is not offered as a repayment date (the first repayment, a rollover's date), as a national holiday is not. A legal
 * deadline (a complaint's) still counts only the national holidays.
 */
export const HolidayPost = defineCall({
  name: 'HolidayPost',
  method: 'POST',
  path: '/api/loan/holliday',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: dayBody,
  response: calendarDaySchema,
  errors: dayErrors,
});

/**
 * `freezeDay` POST: a day from today on when the lender contacts no customer about money: no payment reminder goes
 * out that day (the next day's does), and it is not offered as a repayment date.
 */
export const FreezeDayPost = defineCall({
  name: 'FreezeDayPost',
  method: 'POST',
  path: '/api/loan/freezeDay',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: dayBody,
  response: calendarDaySchema,
  errors: dayErrors,
});

/** A day of `kind` of today or later removed, with the reason (`dayId` of another kind: 404). */
const removeCall = (name: string, path: string) =>
  defineCall({
    name,
    method: 'DELETE',
    path,
    auth: 'staff',
    roles: CAM_ADMINS,
    params: z.strictObject({ dayId: idParamSchema }),
    body: z.strictObject({ reason: auditReasonSchema }),
    response: z.object({ removed: z.literal(true) }),
    errors: ['CalendarDayNotFound', 'CalendarDayPast'],
  });

/** `holliday` DELETE: a lender's holiday of today or later removed (a past one stays: it was the calendar then). */
export const HolidayDelete = removeCall('HolidayDelete', '/api/loan/holliday/:dayId');

/** `freezeDay` DELETE: a freeze day of today or later removed. */
export const FreezeDayDelete = removeCall('FreezeDayDelete', '/api/loan/freezeDay/:dayId');

export const miscStaffCalls = {
  CalendarDaysGet,
  HolidayPost,
  FreezeDayPost,
  HolidayDelete,
  FreezeDayDelete,
} as const;
