import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fileAnswerSchema, fileSchema } from '../../shared/api/common.ts';
import { dataEnvelope, errorResponseSchema, type AnyCall, type CallResponse } from '../../shared/api/define.ts';
import type { AuthenticatedCustomer } from '../auth/sessions.ts';
import type { AuthenticatedStaff } from '../auth/staff-sessions.ts';
import { auditedRequest } from '../audit/staff-write.ts';
import { authenticateRequest, authorizeRequest } from '../plugins/auth.ts';
import { keyedRateLimit, perCustomer } from '../plugins/keyed-rate-limit.ts';
import { scaledRouteLimit, type RouteRateLimit } from '../plugins/rate-limit.ts';
import { BusinessError, HttpError } from './errors.ts';
import { sendFile } from './file-answer.ts';
import { claimIdempotencyKey, keepAnswer, settleIdempotencyKey, type KeepAnswer } from './idempotency.ts';
import { keepIdenticalBodies } from './kept-bodies.ts';
import { readMultipartBody, readsMultipart } from './multipart.ts';

/**
 * The contract → a Fastify route. A route module writes, for each call of the spec it serves:
 *
 *   registerCall(app, PaymentPlansPost, async ({ body, query, customer }) => loanService.paymentPlans(app, body, query));
 *
 * and gets: the method and path of the entry; params, query and body validated by the entry's zod schemas (400
 * with Spanish messages naming the fields); auth by `call.auth` (401) and the role list `call.roles` (403); the handler's return value answered as
 * `{ data }` and checked against `call.response`; thrown `BusinessError`s answered 422 in the spec's shape; for
 * an `idempotent` entry, one run per `Idempotency-Key` (./idempotency.ts) with no code in the handler; and, for a
 * `multipart` entry, the multipart body read into fields (files as bytes, at most 10,000,000 bytes each,
 * ./multipart.ts) before the body schema validates them; with `keepIdenticalBodies`, each distinct body text parsed
 * and validated once (./kept-bodies.ts); for a `file` entry, the returned file's bytes as they are (./file-answer.ts).
 */

export interface RegisterCallOptions {
  /** A stricter (or looser) rate limit for this route than the global one, or false for none. */
  rateLimit?: RouteRateLimit | false;
  /**
   * A budget per logged-in customer as well (a customer call), whatever the IP: `name` is the budget's, and calls
   * given the same name share it. Checked after validation, before the idempotency key is claimed.
   */
  customerRateLimit?: { name: string; max: number; timeWindow: number };
  /** Maximum body size in bytes (default: the server's 1 MB). */
  bodyLimit?: number;
  /**
   * Parse and validate each distinct JSON body text once (./kept-bodies.ts): for a public, read-only call asked with
   * the same few bodies over and over, whose body holds nothing personal. The route gets a scope of its own.
   */
  keepIdenticalBodies?: boolean;
  /**
   * A staff call its member may make before changing a password an administrator set (the change itself, who am I,
   * logout); every other staff call answers 403 `PasswordChangeRequired` until then.
   */
  whilePasswordChangePending?: boolean;
  /**
   * A call that writes which a staff member's read-only view of the customer's area (MorphToPost) may still make:
   * only ending that view (LogoutPost). Every other call that writes answers 403 `ReadOnlySession` to such a session.
   */
  whileReadOnly?: boolean;
}

export interface CallInput<C extends AnyCall> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  /** The logged-in customer: always set for `customer` calls, maybe for `optional` ones, null for `public`. */
  customer: AuthenticatedCustomer | null;
  /** The logged-in customer or a 401 (for `customer` calls this never throws). */
  requireCustomer(): AuthenticatedCustomer;
  /** The logged-in staff member: set for `staff` calls, null otherwise. */
  staff: AuthenticatedStaff | null;
  /** The logged-in staff member or a 401 (for `staff` calls this never throws). */
  requireStaff(): AuthenticatedStaff;
  /** The `Idempotency-Key` of an idempotent call (a handler may keep it with what it creates), else null. */
  idempotencyKey: string | null;
  /**
   * An idempotent call whose change is one transaction: stores the answer with the change, as that transaction's
   * last statement (./idempotency.ts). Else `data` as it is.
   */
  keepAnswer: KeepAnswer<CallResponse<C>>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<C extends AnyCall> = (input: CallInput<C>) => Promise<CallResponse<C>> | CallResponse<C>;

export interface RegisteredCall {
  call: AnyCall;
  options: RegisterCallOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every call registered from the contract, in order (the bad-input test suite iterates it). */
    registeredCalls: RegisteredCall[];
  }
}

/** A body-less call accepts no body, `null` or `{}`, and rejects anything else (unknown fields included). */
const emptyBody = z.strictObject({}).nullish();

const isUndefinedSchema = (schema: z.ZodType) => (schema as { def?: { type?: string } }).def?.type === 'undefined';

type SchemaDef = { type?: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as { def?: SchemaDef }).def ?? {};

/** The body fields of a multipart entry that carry a file (`fileSchema`, maybe optional). */
export function fileFieldsOf(body: z.ZodType): Set<string> {
  const fields = new Set<string>();
  for (const [name, field] of Object.entries(defOf(body).shape ?? {})) {
    let current: z.ZodType | undefined = field;
    for (let depth = 0; current && depth < 5; depth += 1) {
      if (current === fileSchema) fields.add(name);
      current = defOf(current).innerType;
    }
  }
  return fields;
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  value !== null &&
  (typeof value === 'object' || typeof value === 'function') &&
  typeof (value as { then?: unknown }).then === 'function';

/** The ids a request names (its params, and the query's `…Id` fields): what a staff read's log line records. */
function namedIds(request: FastifyRequest): Record<string, unknown> {
  const ids: Record<string, unknown> = { ...(request.params as Record<string, unknown> | undefined) };
  for (const [name, value] of Object.entries((request.query as Record<string, unknown> | undefined) ?? {}))
    if (name.endsWith('Id')) ids[name] = value;
  return ids;
}

/** The `{ data }` answer of a handler's result. */
const inEnvelope = <T>(data: T) => ({ data });

/** A rejection as the Error a hook's `done` needs (a falsy one would otherwise read as success). */
const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

export function registerCall<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: RegisterCallOptions = {},
): void {
  if (call.idempotent && call.auth !== 'customer')
    throw new Error(`${call.name}: an idempotent call must be a customer call (keys are kept per customer)`);
  const schema: Record<string, unknown> = {
    params: call.params,
    querystring: call.query,
    // A `file` entry answers bytes (./file-answer.ts), which no JSON schema describes; its errors are JSON as always.
    response: {
      ...(call.file ? {} : { 200: dataEnvelope(call.response) }),
      '4xx': errorResponseSchema,
      '5xx': errorResponseSchema,
    },
  };
  if (call.method !== 'GET') schema['body'] = isUndefinedSchema(call.body) ? emptyBody : call.body;
  const fileFields = call.multipart ? fileFieldsOf(call.body) : null;
  if (options.customerRateLimit && call.auth !== 'customer')
    throw new Error(`${call.name}: a per-customer rate limit needs a customer call`);
  // A staff write answered without an audit record (../audit/staff-write.ts) is a bug: logged, and a 500 in the
  // sandbox and under tests, so the role walk and every server test catch it.
  const audited =
    call.auth === 'staff' && call.writes
      ? <T>(request: FastifyRequest, data: T): T => {
          if (auditedRequest(request)) return data;
          request.log.error({ event: 'audit', callName: call.name }, 'staff write answered without an audit record');
          if (app.config.sandbox) throw new Error(`${call.name}: a staff write must leave an audit record`);
          return data;
        }
      : null;
  // A staff read is not audited (docs/backoffice.md §3) but logged: who read what, one line, here for every one.
  const logsStaffRead = call.auth === 'staff' && !call.writes;
  const customerLimit = options.customerRateLimit
    ? keyedRateLimit(app, perCustomer(options.customerRateLimit.name, options.customerRateLimit))
    : null;
  if (fileFields && !readsMultipart(app))
    throw new Error(
      `${call.name}: an upload must be registered in a scope that called registerMultipart (http/multipart.ts)`,
    );

  const route = (scope: FastifyInstance) =>
    scope.route({
      method: call.method,
      url: call.path,
      schema,
      ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
      config: {
        callName: call.name,
        ...(fileFields ? { multipart: true } : {}),
        ...(options.rateLimit === undefined
          ? {}
          : { rateLimit: options.rateLimit && scaledRouteLimit(options.rateLimit, app.config.rateLimitScale) }),
      },
      // A callback hook: a request without a token (every anonymous quote) is settled without a promise.
      onRequest: (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
        const authorize = () => {
          authorizeRequest(request, call.roles);
          if (request.staff?.mustChangePassword && !options.whilePasswordChangePending)
            throw new BusinessError('PasswordChangeRequired');
          if (request.customer?.readOnly && call.writes && !options.whileReadOnly)
            throw new BusinessError('ReadOnlySession');
        };
        const pending = authenticateRequest(request, call.auth);
        if (pending)
          pending.then(authorize).then(
            () => done(),
            (error: unknown) => done(asError(error)),
          );
        else {
          authorize();
          done();
        }
      },
      ...(fileFields
        ? {
            preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
              try {
                request.body = await readMultipartBody(request, { fileFields });
              } catch (error) {
                // The rest of a refused upload (an 11 MB file) is not read: the connection ends with the answer.
                if (!request.raw.complete) reply.header('connection', 'close');
                throw error;
              }
            },
          }
        : {}),
      ...(customerLimit && !call.idempotent ? { preHandler: customerLimit } : {}),
      ...(call.idempotent
        ? {
            preHandler: [
              ...(customerLimit ? [customerLimit] : []),
              async (request: FastifyRequest, reply: FastifyReply) => claimIdempotencyKey(call, request, reply),
            ],
            onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
              settleIdempotencyKey(request, reply, payload),
          }
        : {}),
      // A handler that answers at once (a kept quote) is sent at once: no promise around a value that is already there.
      handler: (request, reply) => {
        const { customer, staff } = request;
        if (logsStaffRead && staff)
          request.log.info(
            { event: 'staffRead', staffUserId: staff.id, call: call.name, ...namedIds(request) },
            'staff read',
          );
        const data = handler({
          params: request.params as z.output<C['params']>,
          query: request.query as z.output<C['query']>,
          body: (request.body ?? undefined) as z.output<C['body']>,
          customer,
          requireCustomer: () => {
            if (!customer) throw new HttpError('Unauthorized');
            return customer;
          },
          staff,
          requireStaff: () => {
            if (!staff) throw new HttpError('Unauthorized');
            return staff;
          },
          idempotencyKey: request.idempotencyKey?.key ?? null,
          keepAnswer: (tx, data) => keepAnswer(request, tx, data),
          request,
          reply,
        });
        if (call.file)
          return Promise.resolve(data).then((value) =>
            sendFile(reply, fileAnswerSchema.parse(audited ? audited(request, value) : value)),
          );
        if (audited) return Promise.resolve(data).then((value) => inEnvelope(audited(request, value)));
        return isPromiseLike(data) ? Promise.resolve(data).then(inEnvelope) : inEnvelope(data);
      },
    });
  if (options.keepIdenticalBodies) {
    // A scope of its own for the parser; loaded with the calling plugin's other children, before the app is ready.
    void app.register(async (scope) => {
      keepIdenticalBodies(scope);
      route(scope);
    });
  } else {
    route(app);
  }
  app.registeredCalls.push({ call, options });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract name of the call a route serves (logs, tests). */
    callName?: string;
  }
}
