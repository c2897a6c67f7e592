import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The embedded PGlite is one connection: one statement or one whole transaction runs at a time. PGlite queues them
 * on its own mutex, first come first served per statement, so a request that needs 30 round trips waits behind
 * every statement that came in meanwhile, 30 times over: under a steady stream of short payments, a loan request
 * took seconds. Here the database work is served in the order its REQUEST arrived: every
 * standalone statement and every transaction of a request carries the request's arrival number, taken when the
 * request came in, and the queue always serves the smallest number waiting. A request is thus served after at most
 * the work of the requests that arrived before it; those that arrive after it wait for it. Work outside a request
 * (jobs, start-up, a request's work after its answer) takes a new number when it asks: it comes after everything
 * that arrived before it.
 */

/** A request's place in the arrival order; `open` until its answer is sent. */
export interface Arrival {
  readonly number: number;
  open: boolean;
}

const current = new AsyncLocalStorage<Arrival>();
let lastNumber = 0;

/** A new place at the end of the arrival order (a request that has just come in). */
export function arrive(): Arrival {
  lastNumber += 1;
  return { number: lastNumber, open: true };
}

/** Runs `work` (and everything it starts) as part of `arrival`: its database work keeps that place. */
export function runAs<T>(arrival: Arrival, work: () => T): T {
  return current.run(arrival, work);
}

/** The arrival number database work asked for now belongs to. */
function arrivalNumber(): number {
  const arrival = current.getStore();
  if (arrival?.open) return arrival.number;
  lastNumber += 1;
  return lastNumber;
}

interface Waiting {
  number: number;
  /** Ties (the same request asking twice at once) in the order asked. */
  order: number;
  start(): void;
}

const before = (a: Waiting, b: Waiting) => a.number < b.number || (a.number === b.number && a.order < b.order);

/** One database connection's work, one at a time, the earliest arrival first (a binary heap). */
export class ArrivalQueue {
  #heap: Waiting[] = [];
  #running = false;
  #asked = 0;
  /** Work served so far (tests and load scripts read it). */
  served = 0;

  /** Runs `work` when it is its turn; nothing else of this queue runs until its promise settles. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#asked += 1;
      this.#push({
        number: arrivalNumber(),
        order: this.#asked,
        start: () => {
          let result: Promise<T>;
          try {
            result = work();
          } catch (error) {
            result = Promise.reject(error as Error);
          }
          result.then(resolve, reject).finally(() => {
            this.served += 1;
            this.#running = false;
            this.#next();
          });
        },
      });
      this.#next();
    });
  }

  /** How much work waits (not counting the one running). */
  get waiting(): number {
    return this.#heap.length;
  }

  #next(): void {
    if (this.#running) return;
    const first = this.#pop();
    if (!first) return;
    this.#running = true;
    first.start();
  }

  #push(item: Waiting): void {
    const heap = this.#heap;
    heap.push(item);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(heap[index]!, heap[parent]!)) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  }

  #pop(): Waiting | undefined {
    const heap = this.#heap;
    const first = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || !last) return first;
    heap[0] = last;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let smallest = index;
      if (left < heap.length && before(heap[left]!, heap[smallest]!)) smallest = left;
      if (right < heap.length && before(heap[right]!, heap[smallest]!)) smallest = right;
      if (smallest === index) break;
      [heap[index], heap[smallest]] = [heap[smallest]!, heap[index]!];
      index = smallest;
    }
    return first;
  }
}
