import { z } from 'zod';
import { auditReasonSchema } from './audit.ts';
import { ackSchema, idSchema, isoDateSchema, isoDateTimeSchema, staffNameSchema } from './common.ts';
import { defineCall } from './define.ts';
import { CAM_ADMINS } from './roles.ts';

/**
 * The calls module's staff calls (docs/backoffice.md §5 "To-dos and call timing"): the call timing definitions the
 * customer's slots ('Programar llamada', AvailableCallTimesGet) follow. Every write is audited.
 */

export const callTimingKinds = ['open', 'closed'] as const;
export const callTimingKindSchema = z.enum(callTimingKinds);
export type CallTimingKind = z.infer<typeof callTimingKindSchema>;

/** Madrid wall clock on the half-hour, `HH:mm` (`00:00` … `23:30`; an end may be `24:00`). */
const halfHour = /^(?:[01]\d|2[0-3]):[03]0$/;
const startTimeSchema = z.string().regex(halfHour, 'Debe ser una hora en punto o y media (HH:mm)');
const endTimeSchema = z
  .string()
  .refine((value) => halfHour.test(value) || value === '24:00', 'Debe ser una hora en punto o y media (HH:mm)');

export const callTimingDefinitionSchema = z.object({
  id: idSchema,
  /** ISO weekday, 1 = Monday … 7 = Sunday; null when the definition is for one date. */
  weekday: z.number().int().min(1).max(7).nullable(),
  onDate: isoDateSchema.nullable(),
  startTime: z.string(),
  endTime: z.string(),
  /** Calls at once in each 30-minute slot (an open definition's). */
  capacity: z.number().int().positive(),
  /** An agent's own hours; null: the team's. */
  staff: staffNameSchema.nullable(),
  kind: callTimingKindSchema,
  /** Null for the definitions the migration seeded. */
  createdBy: staffNameSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type CallTimingDefinition = z.infer<typeof callTimingDefinitionSchema>;

export const MAX_CALL_CAPACITY = 50;

/**
 * The definitions by weekday and those for a date from `fromDate` (default today in Madrid) on, by day and start.
 */
export const CallTimingDefinitionsGet = defineCall({
  name: 'CallTimingDefinitionsGet',
  method: 'GET',
  path: '/api/todo/callTimingDefinitions',
  auth: 'staff',
  roles: CAM_ADMINS,
  query: z.strictObject({ fromDate: isoDateSchema.optional() }),
  response: z.array(callTimingDefinitionSchema),
});

/** A weekday (ISO: 1 = Monday … 7 = Sunday) or one date. */
export const callTimingDaySchema = z.union([
  z
    .number()
    .int('Debe ser un día de la semana del 1 al 7')
    .min(1, 'Debe ser un día de la semana del 1 al 7')
    .max(7, 'Debe ser un día de la semana del 1 al 7'),
  isoDateSchema,
]);

/**
 * A new definition: for a weekday (`day` 1–7) or for one date (`day` `YYYY-MM-DD`), from `startTime` to a later
 * `endTime`, `open` with its `capacity` or `closed`. `staffUserId` makes it that agent's hours; an agent may only add
 * their own (omitted: theirs), an administrator anyone's (omitted: the team's). Its slots are offered (or withdrawn)
 * at once.
 */
export const CallTimingAddPost = defineCall({
  name: 'CallTimingAddPost',
  method: 'POST',
  path: '/api/todo/callTimingDefinition/add',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({
    day: callTimingDaySchema,
    startTime: startTimeSchema,
    endTime: endTimeSchema,
    capacity: z.number().int().min(1).max(MAX_CALL_CAPACITY).default(1),
    staffUserId: idSchema.optional(),
    kind: callTimingKindSchema,
    reason: auditReasonSchema.optional(),
  }),
  response: callTimingDefinitionSchema,
  errors: ['CallTimingTimesInvalid', 'CallTimingOthersHours', 'CallTimingStaffInvalid'],
});

/** Removes a definition (bookings already made stay). An agent may only remove their own hours. */
export const CallTimingRemovePost = defineCall({
  name: 'CallTimingRemovePost',
  method: 'POST',
  path: '/api/todo/callTimingDefinition/remove',
  auth: 'staff',
  roles: CAM_ADMINS,
  body: z.strictObject({ id: idSchema, reason: auditReasonSchema.optional() }),
  response: ackSchema,
  errors: ['CallTimingNotFound', 'CallTimingOthersHours'],
});

/**
 * Inserts the default hours (Monday to Friday 09:00–21:00, Saturday 10:00–14:00, capacity 1, the team's) when there
 * is no definition at all; the migration inserted them too. Answers the definitions inserted.
 */
export const CallTimingAutoInsertPost = defineCall({
  name: 'CallTimingAutoInsertPost',
  method: 'POST',
  path: '/api/todo/callTimingDefinition/autoInsert',
  auth: 'staff',
  roles: CAM_ADMINS,
  response: z.array(callTimingDefinitionSchema),
  errors: ['CallTimingDefinitionsExist'],
});

export const callsStaffCalls = {
  CallTimingDefinitionsGet,
  CallTimingAddPost,
  CallTimingRemovePost,
  CallTimingAutoInsertPost,
} as const;
