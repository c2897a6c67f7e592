import type { z } from 'zod';
import type { AnyCall, CallBody, CallResponse } from '../define.ts';
import type { WireCodec } from './light.ts';

/**
 * A contract entry as the API client uses it, with zod-free codecs (`generated.ts`): the same name, method, path,
 * auth and error codes as the entry `C`, a body codec (null when the call has none) and a response codec.
 */
export interface LightCall<C extends AnyCall> {
  readonly name: C['name'];
  readonly method: C['method'];
  readonly path: C['path'];
  readonly auth: C['auth'];
  readonly long?: boolean;
  readonly idempotent?: boolean;
  readonly multipart?: boolean;
  readonly hasBody: boolean;
  readonly errors: C['errors'];
  readonly body: WireCodec<CallBody<C>> | null;
  readonly response: WireCodec<CallResponse<C>>;
  /** Type only (never set): the contract entry it was generated from, for the request's and answer's types. */
  readonly entry?: C;
}

/** What `callApi` takes: a contract entry, or its zod-free twin. */
export type ClientCall = AnyCall | LightCall<AnyCall>;

/** The contract entry behind a client call. */
export type EntryOf<C extends ClientCall> = C extends AnyCall ? C : C extends LightCall<infer Entry> ? Entry : never;

/** The zod-free codec of a zod schema: decodes into its output, encodes into its input. */
export type ZodCodec<Schema extends z.ZodType> = WireCodec<z.output<Schema>, z.input<Schema>>;
