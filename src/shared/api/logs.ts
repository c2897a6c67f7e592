import { z } from 'zod';
import { formatMessage } from '../messages.ts';
import { VALIDATION_MESSAGES } from '../validation-messages.ts';
import { idSchema } from './common.ts';
import { defineCall } from './define.ts';

/**
 * Client activity log (first document §7, second document §3 "Client log record" and §7.3): the client sends its
 * record with POST /logs/write the first time in a session, then PUT /logs/write with the actions since the last
 * send. The record is keyed by (deviceId, sessionHash). Answers are wrapped in `data`.
 */

export const CLIENT_LOG_LIMITS = {
  /** Actions accepted in one request; the client sends at most this many (the oldest are dropped first). */
  actionsPerRequest: 100,
  /** Size of one action's payload as JSON text; unserialisable payloads are sent as 'JSON stringify error'. */
  payloadChars: 8_000,
  /** Actions kept per record on the server; older ones are dropped. */
  actionsPerRecord: 2_000,
} as const;

const payloadSchema = z.json().refine((value) => JSON.stringify(value).length <= CLIENT_LOG_LIMITS.payloadChars, {
  message: formatMessage(VALIDATION_MESSAGES.maxLength, { maxLength: CLIENT_LOG_LIMITS.payloadChars }),
});

export const clientLogActionSchema = z.strictObject({
  /** e.g. 'pageView', 'browserError', 'request', 'response'. */
  type: z.string().min(1).max(100),
  /** The page (path) the customer was on. */
  activePage: z.string().max(2_000),
  /** When it happened, ISO 8601 with offset, e.g. 2025-03-01T10:15:30.000Z. */
  actionTime: z.iso.datetime({ offset: true }),
  /** Details: for browser errors { url, error, line }; for requests { url, status, message, correlationId }. */
  payload: payloadSchema.optional(),
});
export type ClientLogAction = z.infer<typeof clientLogActionSchema>;

export const clientLogRecordSchema = z.strictObject({
  deviceId: z.string().min(1).max(100),
  sessionHash: z.string().min(1).max(200),
  application: z.string().min(1).max(100),
  customerId: idSchema.nullish(),
  /** Present as `{ email }` when the customer's e-mail is known. */
  email: z.strictObject({ email: z.string().max(254) }).nullish(),
  /** Present as `{ phone }` when the customer's phone is known. */
  mobilePhone: z.strictObject({ phone: z.string().max(20) }).nullish(),
  userAgent: z.string().max(1_000),
  actions: z.array(clientLogActionSchema).max(CLIENT_LOG_LIMITS.actionsPerRequest),
  /** True on the first send of the session (POST). */
  firstInit: z.boolean(),
  /** True on the sends that append to the record (PUT). */
  update: z.boolean(),
});
export type ClientLogRecord = z.infer<typeof clientLogRecordSchema>;

export const clientLogWriteResponseSchema = z.object({
  id: z.number().int(),
  /** Actions stored in the record after this write. */
  actionCount: z.number().int(),
});

/** First send: creates the record for (deviceId, sessionHash), or appends when it already exists. */
export const ClientLogWritePost = defineCall({
  name: 'ClientLogWritePost',
  method: 'POST',
  path: '/logs/write',
  auth: 'public',
  roles: ['public'],
  body: clientLogRecordSchema,
  response: clientLogWriteResponseSchema,
});

/** Next sends: appends the actions to the record (404 in the error shape when there is none). */
export const ClientLogWritePut = defineCall({
  name: 'ClientLogWritePut',
  method: 'PUT',
  path: '/logs/write',
  auth: 'public',
  roles: ['public'],
  body: clientLogRecordSchema,
  response: clientLogWriteResponseSchema,
});

/** The log calls by name (for the contract index). */
export const logsCalls = { ClientLogWritePost, ClientLogWritePut } as const;
