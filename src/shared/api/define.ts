import { z } from 'zod';
import type { ErrorCodeName } from './errors.ts';
import type { StaffErrorCodeName } from './staff-error-codes.ts';
import { STAFF_ROLES, type CallRole, type StaffRole } from './roles.ts';

/**
 * One customer-facing call of the specification: its spec name, HTTP method, path (Fastify style, `:param`),
 * the zod schemas of what goes in and what comes out, and the business error codes it may answer with 422.
 *
 * The wire answer of a successful call is `{ data: <response> }`; a business exception is HTTP 422 with the
 * spec's error shape (`errorResponseSchema`). The server registers its routes from these entries and the
 * client builds its typed calls from them, so the two cannot drift.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a call authenticates: not at all, a logged-in customer (bearer JWT + X-Member-ID), anyone with an optional
 * customer session, or a staff member (a `bo_` session token + X-Member-ID; docs/backoffice.md §1).
 */
export type CallAuth = 'public' | 'customer' | 'optional' | 'staff';

/**
 * The only pairings of `auth` and `roles` an entry may have: a call is open to everyone, or to customers, or to a
 * list of staff roles, never to customers and staff at once (the calls «open to all roles» are public).
 */
export type CallAccess =
  | { readonly auth: 'public' | 'optional'; readonly roles: readonly ['public'] }
  | { readonly auth: 'customer'; readonly roles: readonly ['user'] }
  | { readonly auth: 'staff'; readonly roles: readonly [StaffRole, ...StaffRole[]] };

export interface CallDefinition<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  ErrorCode extends string = string,
> {
  /** The spec's name of the call, e.g. `PaymentPlansPost`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path following the backend catalogue, e.g. `/api/loan/paymentPlans` or `/api/membership/token/:token`. */
  readonly path: string;
  readonly auth: CallAuth;
  /** The spec's role list of the call (second document §6): who may make it; `registerCall` answers 403 to others. */
  readonly roles: readonly CallRole[];
  /**
   * Whether the call changes something: a read-only session (a staff member viewing a customer's area) may not make
   * it, and a staff call that writes must leave an audit record. Every method but GET unless the entry says otherwise.
   */
  readonly writes: boolean;
  /** Long calls get the 5-minute timeout instead of 1 minute. */
  readonly long?: boolean;
  /**
   * Calls that create a loan, move money or change a loan: the client sends an `Idempotency-Key` (one per user
   * intent, the same for its retries) and the server runs the call once per key (src/server/http/idempotency.ts).
   * Only for `customer` calls.
   */
  readonly idempotent?: boolean;
  /**
   * The body travels as `multipart/form-data` (uploads): the client sends a `FormData` built from the body's fields
   * (files as `Blob`); the server parses it into key/value fields (files as bytes, e.g. @fastify/multipart with
   * `attachFieldsToBody: 'keyValues'`) before the body schema validates it.
   */
  readonly multipart?: boolean;
  /**
   * The 200 answer is a file's bytes, not `{ data }`: the handler returns a `FileAnswer` (`fileAnswerSchema` of
   * common.ts: bytes, content type, file name) and the server sends the bytes with that content type,
   * `content-disposition: inline` with the name and `cache-control: no-store` (src/server/http/file-answer.ts). Errors
   * keep the spec's JSON shape. A client reads the answer as a Blob.
   */
  readonly file?: boolean;
  /** Whether the call takes a body (the client sends one): false for GET calls and body-less POSTs. */
  readonly hasBody: boolean;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  /** Schema of `data` in the 200 answer. */
  readonly response: Response;
  /** Business error codes (names from `errorCodes`) this call may answer with HTTP 422. */
  readonly errors: readonly ErrorCode[];
}

/** The header of an idempotent call, and what its value may be: 1–255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The business codes of the idempotency mechanism, added to every idempotent entry's `errors`. */
export const IDEMPOTENCY_ERRORS = ['RequestInProgress', 'IdempotencyKeyReused'] as const satisfies ErrorCodeName[];

export const noParams = z.strictObject({});
export const noQuery = z.strictObject({});
/**
 * No body (GET calls and body-less POSTs such as logout). Fastify refuses a body schema on GET routes and hands
 * `null` to the validator for a POST without payload, so the server registers its own empty-body schema where a
 * call's body is `noBody`; the client sends a body only when `call.hasBody`.
 */
export const noBody = z.undefined();

export function defineCall<
  Params extends z.ZodType = typeof noParams,
  Query extends z.ZodType = typeof noQuery,
  Body extends z.ZodType = typeof noBody,
  Response extends z.ZodType = z.ZodType,
  ErrorCode extends ErrorCodeName | StaffErrorCodeName = never,
>(
  definition: Omit<
    CallDefinition<Params, Query, Body, Response, ErrorCode>,
    'params' | 'query' | 'body' | 'errors' | 'hasBody' | 'auth' | 'roles' | 'writes'
  > &
    CallAccess & {
      params?: Params;
      query?: Query;
      body?: Body;
      errors?: readonly ErrorCode[];
      writes?: boolean;
    },
): CallDefinition<Params, Query, Body, Response, ErrorCode> {
  assertAccess(definition);
  return {
    ...definition,
    writes: definition.writes ?? definition.method !== 'GET',
    params: (definition.params ?? noParams) as Params,
    query: (definition.query ?? noQuery) as Query,
    body: (definition.body ?? noBody) as Body,
    hasBody: definition.body !== undefined && (definition.body as z.ZodType) !== noBody,
    // Every idempotent call may refuse a retry in flight or a reused key: listed here once, not per entry.
    errors: definition.idempotent
      ? [...new Set([...(definition.errors ?? []), ...IDEMPOTENCY_ERRORS])]
      : (definition.errors ?? []),
  } as CallDefinition<Params, Query, Body, Response, ErrorCode>;
}

const STAFF_ROLE_SET: ReadonlySet<string> = new Set(STAFF_ROLES);

/** The pairing rule of `CallAccess`, at run time too (an entry built from `as` casts or plain JavaScript). */
function assertAccess(definition: { name: string; auth: CallAuth; roles: readonly string[] }): void {
  const { name, auth, roles } = definition;
  const only = (role: string) => roles.length === 1 && roles[0] === role;
  const fits =
    auth === 'public' || auth === 'optional'
      ? only('public')
      : auth === 'customer'
        ? only('user')
        : roles.length > 0 && roles.every((role) => STAFF_ROLE_SET.has(role)) && new Set(roles).size === roles.length;
  if (!fits) throw new Error(`${name}: auth '${auth}' cannot have the role list [${roles.join(', ')}]`);
}

export type AnyCall = CallDefinition<z.ZodType, z.ZodType, z.ZodType, z.ZodType, string>;

export type CallParams<C extends AnyCall> = z.input<C['params']>;
export type CallQuery<C extends AnyCall> = z.input<C['query']>;
/**
 * What a client passes as the body: the schema's OUTPUT (money as `Cents`); the client encodes it to the wire
 * (`z.encode`), the server decodes the wire back to this type.
 */
export type CallBody<C extends AnyCall> = z.output<C['body']>;
export type CallResponse<C extends AnyCall> = z.output<C['response']>;

/** The spec's error shape: `{ errors: [{ code: { name, value }, message, title }] }`. */
export const apiErrorSchema = z.object({
  code: z.object({ name: z.string(), value: z.number().int() }),
  message: z.string(),
  title: z.string(),
});
export const errorResponseSchema = z.object({ errors: z.array(apiErrorSchema).min(1) });
export type ApiError = z.infer<typeof apiErrorSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The 200 envelope. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
