import { LruCache } from '../lru-cache.ts';

/**
 * What every logged-in request pays for its session, cut to what the guarantees need.
 *
 * Verified tokens: a token's signature and claims never change, so `verifiedClaims` keeps the claims of a token that
 * passed jose's checks (per JWT key, the last TOKEN_CAPACITY tokens); only the expiry is checked again on each use,
 * against the request's clock, as jose checks it. A token that failed is never kept.
 *
 * Session rows: the session row (revocation, expiry) and its customer's status and role are read from the database at
 * most once per SESSION_ROW_MAX_AGE_MS (1 s of real time) per session and server instance; concurrent requests of one
 * session share one read. So a session revoked (logout, a blocked PIN, a password reset) on ANOTHER instance is refused
 * here at most 1 s later; one revoked by THIS process is refused at once: every revocation goes through
 * `forgetSessionRows`, which drops every kept row (and any read that was under way when it happened).
 */

export const SESSION_ROW_MAX_AGE_MS = 1_000;
const TOKEN_CAPACITY = 10_000;
const SESSION_CAPACITY = 10_000;

let generation = 0;

/** A session was revoked by this process: no kept row (nor a read under way) may answer for any session now. */
export function forgetSessionRows(): void {
  generation += 1;
}

interface KeptRow<R> {
  readonly at: number;
  readonly generation: number;
  readonly row: Promise<R>;
}

/** One instance's kept session rows (one per app: instances in one test process keep their own). */
export class SessionRowCache<R> {
  readonly #rows = new LruCache<string, KeptRow<R>>(SESSION_CAPACITY);

  constructor(private readonly maxAgeMs: number = SESSION_ROW_MAX_AGE_MS) {}

  /** The row of `jti`: kept if read less than maxAgeMs ago and since the last revocation, else `read()` now. */
  get(jti: string, read: () => Promise<R>): Promise<R> {
    const now = performance.now();
    const kept = this.#rows.get(jti);
    if (kept && kept.generation === generation && now - kept.at < this.maxAgeMs) return kept.row;
    const readGeneration = generation;
    const row = read();
    const entry: KeptRow<R> = { at: now, generation: readGeneration, row };
    this.#rows.set(jti, entry);
    // A failed read is not kept: the next request reads again.
    row.catch(() => {
      if (this.#rows.get(jti) === entry) this.#rows.set(jti, { ...entry, generation: -1 });
    });
    return row;
  }
}

/** Claims of tokens that passed verification, per JWT key. */
const verified = new WeakMap<Uint8Array, LruCache<string, unknown>>();

export function keptClaims<C>(key: Uint8Array, token: string): C | undefined {
  return verified.get(key)?.get(token) as C | undefined;
}

export function keepClaims<C>(key: Uint8Array, token: string, claims: C): void {
  let cache = verified.get(key);
  if (!cache) verified.set(key, (cache = new LruCache<string, unknown>(TOKEN_CAPACITY)));
  cache.set(token, claims);
}
