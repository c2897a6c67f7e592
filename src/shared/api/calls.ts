import { z } from 'zod';
import { ackSchema, idSchema, isoDateSchema } from './common.ts';
import { defineCall } from './define.ts';

/** The calls module's calls: welcome-call scheduling (`/api/todo`). */

/** A bookable call slot; times are Europe/Madrid wall-clock `HH:mm`. */
export const availableCallTimeSchema = z.object({
  availableCallTimeId: idSchema,
  startTime: z.string().regex(/^\d{2}:\d{2}$/),
  endTime: z.string().regex(/^\d{2}:\d{2}$/),
});
export type AvailableCallTime = z.infer<typeof availableCallTimeSchema>;

/** The slots of one day ('Selecciona la fecha;' then 'Selecciona la hora;'). */
export const availableCallDaySchema = z.object({ date: isoDateSchema, times: z.array(availableCallTimeSchema) });
export type AvailableCallDay = z.infer<typeof availableCallDaySchema>;

/** Call time choice (second document §3). */
export const callTimeChoicePayloadSchema = z.strictObject({
  customerId: idSchema,
  availableCallTimeId: idSchema,
  subject: z.literal('welcomeCall'),
});
export type CallTimeChoicePayload = z.infer<typeof callTimeChoicePayloadSchema>;

/** Days with free welcome-call slots, from fromDate (default today) to toDate (default a week later). */
export const AvailableCallTimesGet = defineCall({
  name: 'AvailableCallTimesGet',
  method: 'GET',
  path: '/api/todo/getAvailableCallTimesByDates',
  auth: 'customer',
  roles: ['user'],
  query: z.strictObject({ fromDate: isoDateSchema.optional(), toDate: isoDateSchema.optional() }),
  response: z.array(availableCallDaySchema),
});

/** Books a welcome call: true on success, false on failure (the client shows the error and reloads). */
export const ChooseCallTimePost = defineCall({
  name: 'ChooseCallTimePost',
  method: 'POST',
  path: '/api/todo/chooseCallTimeForCustomer',
  auth: 'customer',
  roles: ['user'],
  body: callTimeChoicePayloadSchema,
  /** A taken or not-offered slot answers `false` (second document §7.1), never an error. */
  response: ackSchema,
});

export const callsCalls = { AvailableCallTimesGet, ChooseCallTimePost } as const;
