import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/connect.ts';
import { addHits, countHit, type CounterTotal } from './rate-limit-repository.ts';

/**
 * The counters of the rate limits (./rate-limit.ts, ./keyed-rate-limit.ts), shared by every server instance on the
 * database through `rate_limit_counters` (a fixed window per budget and key). Two ways of counting:
 *
 * - **exact**: one atomic upsert per hit (./rate-limit-repository.ts `countHit`), so N instances share one budget
 *   exactly (a key already seen over its budget is refused without one until its window ends). For the budgets that guard money, codes and providers: logins and PIN/SMS calls per phone, card
 *   creation, payments, every call that reaches a provider, per IP and per customer. A round trip per hit, on calls
 *   that make several anyway.
 *
 * - **batched**: for the global per-IP budget (every request, logged-in reads included) and hot harmless routes
 *   (quotes, the client log), where a round trip per request is too dear. Each instance counts in memory and syncs
 *   with the shared table every SYNC_INTERVAL_MS, and at once when a key has counted a twentieth of its budget since
 *   its last sync: one statement adds every key's local hits and reads back the shared totals. An instance admits a
 *   request while (shared total it last read) + (its own hits since) is within the budget, so what it cannot see is
 *   the other instances' hits since its last read.
 *
 *   Over-admission bound: an instance syncs before it has counted more than ⌈max/20⌉ unsynced hits of a key (plus
 *   the hits that arrive while that sync's statement runs, r × round trip at r requests a second) and at least every
 *   second, so once the shared total has reached the budget each instance admits at most about ⌈max/20⌉ + r × round
 *   trip more before it reads it. With N instances a window admits at most about max + N × (⌈max/20⌉ + r × round
 *   trip), and never more than each instance's traffic of one second + one round trip beyond max: 300/min on three
 *   instances → at most about 345 (measured: 330 and 331, sequential requests spread over three instances on PGlite
 *   and PostgreSQL), against 900 when each counted alone. A key already over its budget triggers no early sync (a
 *   flood costs one statement a second, not one per request).
 *   If the database is unreachable, batched counters keep counting locally (each instance alone) and log the error.
 */

export const SYNC_INTERVAL_MS = 1000;
/** The share of a budget an instance may count for a key before it syncs at once. */
export const EARLY_SYNC_FRACTION = 0.05;
/** An exact counter sweeps its expired refused keys when it holds this many. */
const REFUSED_KEYS_SWEEP_AT = 10_000;
/** At most this many rows per sync statement. */
const SYNC_BATCH_ROWS = 500;

/** One request counted: the budget, what is left of it, the seconds until its window ends. */
export interface RateLimitCount {
  max: number;
  remaining: number;
  resetSeconds: number;
  exceeded: boolean;
}

/** A budget: `max` requests per `timeWindow` milliseconds per key. */
export interface RouteRateLimit {
  max: number;
  timeWindow: number;
  /** Counted in memory and synced in batches (hot, harmless routes); default: one statement per hit. */
  batched?: boolean;
}

export type HitCallback = (error: Error | null, count?: RateLimitCount) => void;

/** A budget's counters (one per budget name and instance). */
export interface RateLimitCounter {
  readonly budget: string;
  readonly max: number;
  readonly timeWindow: number;
  /** Counts one request of `key`; `then` gets its count (at once for a batched counter). */
  hit(key: string, then: HitCallback): void;
}

export interface CounterContext {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}

function validLimit(limit: RouteRateLimit): { max: number; timeWindow: number } {
  if (!(Number.isFinite(limit.max) && limit.max >= 0 && Number.isFinite(limit.timeWindow) && limit.timeWindow >= 0))
    throw new Error(`invalid rate limit ${JSON.stringify(limit)}`);
  return { max: Math.trunc(limit.max), timeWindow: Math.trunc(limit.timeWindow) };
}

const countOf = (max: number, hits: number, msLeft: number): RateLimitCount => ({
  max,
  remaining: Math.max(0, max - hits),
  resetSeconds: Math.max(0, Math.ceil(msLeft / 1000)),
  exceeded: hits > max,
});

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * One atomic statement per hit: every instance counts into the same row. A key this instance has seen over its budget
 * is refused here until its window ends, without a statement: no instance can bring it back under, and a flood of
 * refused requests then costs the database nothing.
 */
export class ExactCounter implements RateLimitCounter {
  readonly budget: string;
  readonly max: number;
  readonly timeWindow: number;
  readonly #context: CounterContext;
  /** Keys known to be over the budget, with the end of their window (ms). */
  readonly #refused = new Map<string, number>();

  constructor(budget: string, limit: RouteRateLimit, context: CounterContext) {
    ({ max: this.max, timeWindow: this.timeWindow } = validLimit(limit));
    this.budget = budget;
    this.#context = context;
  }

  hit(key: string, then: HitCallback): void {
    const now = this.#context.clock.now();
    const refusedUntil = this.#refused.get(key);
    if (refusedUntil !== undefined) {
      if (refusedUntil > now.getTime())
        return then(null, countOf(this.max, this.max + 1, refusedUntil - now.getTime()));
      this.#refused.delete(key);
    }
    countHit(this.#context.db, { budget: this.budget, key, now, timeWindowMs: this.timeWindow }).then(
      (total) => {
        const count = countOf(this.max, total.hits, total.resetAt.getTime() - now.getTime());
        if (count.exceeded) this.#remember(key, total.resetAt.getTime(), now.getTime());
        then(null, count);
      },
      (error: unknown) => then(asError(error)),
    );
  }

  #remember(key: string, resetAt: number, now: number): void {
    if (this.#refused.size >= REFUSED_KEYS_SWEEP_AT)
      for (const [other, until] of this.#refused) if (until <= now) this.#refused.delete(other);
    this.#refused.set(key, resetAt);
  }
}

/** A key's count on this instance, in the current window. */
interface LocalCount {
  /** The shared total (every instance) at the last sync. */
  shared: number;
  /** Hits sent by the sync under way, not yet in `shared`. */
  sending: number;
  /** Hits counted here since, not yet sent. */
  unsent: number;
  /** End of the window (ms): the shared row's once synced. */
  resetAt: number;
}

/** Counted in memory, synced with the shared table by a CounterSync (see the bound above). */
export class BatchedCounter implements RateLimitCounter {
  readonly budget: string;
  readonly max: number;
  readonly timeWindow: number;
  readonly #earlySyncAt: number;
  readonly #clock: Clock;
  readonly #sync: CounterSync;
  /** The keys counted in their current window. */
  readonly entries = new Map<string, LocalCount>();

  constructor(budget: string, limit: RouteRateLimit, clock: Clock, sync: CounterSync) {
    ({ max: this.max, timeWindow: this.timeWindow } = validLimit(limit));
    this.budget = budget;
    this.#earlySyncAt = Math.max(1, Math.ceil(this.max * EARLY_SYNC_FRACTION));
    this.#clock = clock;
    this.#sync = sync;
    sync.add(this);
  }

  hit(key: string, then: HitCallback): void {
    const now = this.#clock.now().getTime();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { shared: 0, sending: 0, unsent: 0, resetAt: now + this.timeWindow };
      this.entries.set(key, entry);
    }
    entry.unsent += 1;
    const hits = entry.shared + entry.sending + entry.unsent;
    if (entry.unsent >= this.#earlySyncAt && entry.shared < this.max) this.#sync.request();
    then(null, countOf(this.max, hits, entry.resetAt - now));
  }
}

/**
 * Syncs an instance's batched counters with the shared table: every SYNC_INTERVAL_MS (started by `start`, an
 * unref'd timer) and on request; one sync at a time, a request during one runs another right after it.
 */
export class CounterSync {
  readonly #counters: BatchedCounter[] = [];
  readonly #context: CounterContext;
  /** The last sync started or queued: syncs run one after another. */
  #tail: Promise<void> = Promise.resolve();
  /** A sync is queued and has not started: it will take every hit counted until it starts. */
  #queued = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(context: CounterContext) {
    this.#context = context;
  }

  add(counter: BatchedCounter): void {
    // One row per budget and key in a statement (an upsert may not touch a row twice): one counter per budget name.
    if (this.#counters.some((other) => other.budget === counter.budget))
      throw new Error(`two batched rate-limit counters named ${counter.budget}`);
    this.#counters.push(counter);
  }

  start(): void {
    this.#timer = setInterval(() => this.request(), SYNC_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Stops the timer and sends what is left. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  /** Queues a sync after the one under way (one queued at most: it takes every hit counted until it starts). */
  request(): void {
    if (this.#queued) return;
    this.#queued = true;
    this.#tail = this.#tail.then(() => {
      this.#queued = false;
      return this.#run().catch((error: unknown) =>
        this.#context.log.error({ err: error }, 'could not sync rate-limit counters'),
      );
    });
  }

  /** Resolves once every hit counted before the call is in the shared table (or its sync failed and was logged). */
  async flush(): Promise<void> {
    this.request();
    await this.#tail;
  }

  async #run(): Promise<void> {
    const { db, clock, log } = this.#context;
    const now = clock.now();
    const sent = new Map<string, { counter: BatchedCounter; key: string; entry: LocalCount }>();
    const rows: CounterTotal[] = [];
    for (const counter of this.#counters) {
      for (const [key, entry] of counter.entries) {
        if (entry.unsent === 0) {
          if (entry.resetAt <= now.getTime() && entry.sending === 0) counter.entries.delete(key);
          continue;
        }
        entry.sending += entry.unsent;
        rows.push({ budget: counter.budget, key, hits: entry.unsent, resetAt: new Date(entry.resetAt) });
        sent.set(`${counter.budget}\u0000${key}`, { counter, key, entry });
        entry.unsent = 0;
      }
    }
    // The same order on every instance: two statements never lock each other's rows in opposite orders.
    rows.sort((a, b) =>
      a.budget < b.budget ? -1 : a.budget > b.budget ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
    );
    for (let start = 0; start < rows.length; start += SYNC_BATCH_ROWS) {
      const batch = rows.slice(start, start + SYNC_BATCH_ROWS);
      try {
        for (const total of await addHits(db, batch, now)) {
          const target = sent.get(`${total.budget}\u0000${total.key}`);
          if (!target || target.counter.entries.get(target.key) !== target.entry) continue; // its window restarted here
          target.entry.shared = total.hits;
          target.entry.sending = 0;
          target.entry.resetAt = total.resetAt.getTime();
        }
      } catch (error) {
        log.error({ err: error, rows: batch.length }, 'could not sync rate-limit counters');
        for (const row of batch) {
          const target = sent.get(`${row.budget}\u0000${row.key}`);
          if (!target) continue;
          // Sent again next time; meanwhile they still count here.
          target.entry.unsent += target.entry.sending;
          target.entry.sending = 0;
        }
      }
    }
  }
}
