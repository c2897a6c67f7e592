import type { FastifyInstance } from 'fastify';

/**
 * A job that runs now and then on each server instance (the push reminders, the payout): runs never overlap on one
 * instance (each waits for the previous one), the next run is planned when one ends, a failed run is logged and
 * the job goes on, `stop()` waits for the run under way. Several instances are safe because each job claims its
 * rows with `FOR UPDATE SKIP LOCKED`; this only paces one instance.
 */
export interface PeriodicJob<T> {
  /** One run now (after the one under way, if any); its result or its error. */
  runOnce(): Promise<T>;
  /** Runs every `intervalMs`, the first after `firstDelayMs`. A second start does nothing. */
  start(intervalMs: number, firstDelayMs?: number): void;
  /** No more runs; resolves once the run under way has ended. */
  stop(): Promise<void>;
  /** A run soon (after `nudgeDelayMs`, several nudges in that time make one run); nothing while stopped. */
  nudge(): void;
}

export interface PeriodicJobOptions<T> {
  run: () => Promise<T>;
  log: { error(obj: unknown, msg: string): void };
  /** Used in the log line of a failed run: '<name> run failed'. */
  name: string;
  nudgeDelayMs?: number;
}

export function createPeriodicJob<T>({ run, log, name, nudgeDelayMs = 50 }: PeriodicJobOptions<T>): PeriodicJob<T> {
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let nudgeTimer: NodeJS.Timeout | null = null;
  let stopped = true;

  const runOnce = () => {
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  };
  const runLogged = () =>
    runOnce().catch((error: unknown) => {
      log.error({ err: error }, `${name} run failed`);
    });

  const schedule = (delayMs: number, intervalMs: number) => {
    timer = setTimeout(() => {
      timer = null;
      void runLogged().finally(() => {
        if (!stopped) schedule(intervalMs, intervalMs);
      });
    }, delayMs);
    timer.unref();
  };

  return {
    runOnce,
    start(intervalMs, firstDelayMs = intervalMs) {
      if (!stopped) return;
      stopped = false;
      schedule(firstDelayMs, intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (nudgeTimer) clearTimeout(nudgeTimer);
      timer = null;
      nudgeTimer = null;
      await queue;
    },
    nudge() {
      if (stopped || nudgeTimer) return;
      nudgeTimer = setTimeout(() => {
        nudgeTimer = null;
        if (!stopped) void runLogged();
      }, nudgeDelayMs);
      nudgeTimer.unref();
    },
  };
}

/**
 * Runs `job` with the app: when `enabled`, from the moment the app is ready (the first run after
 * `min(intervalMs, firstRunDelayMs)`, so work that fell due while no instance ran is done soon) every `intervalMs`;
 * on close it stops, waiting for a run under way (the database is never closed under it). Every job plugin of the
 * server registers its job this way.
 */
function runWithApp(
  app: FastifyInstance,
  job: Pick<PeriodicJob<unknown>, 'start' | 'stop'>,
  settings: { readonly enabled: boolean; readonly intervalMs: number; readonly firstRunDelayMs: number },
): void {
  const { enabled, intervalMs, firstRunDelayMs } = settings;
  if (enabled) {
    app.addHook('onReady', async () => {
      job.start(intervalMs, Math.min(intervalMs, firstRunDelayMs));
    });
  }
  app.addHook('onClose', async () => {
    await job.stop();
  });
}

/**
 * A job plugin's one step: the app gets the job as `app[name]` (other modules nudge it, tests call `runOnce()`) and
 * runs it with the app (`runWithApp`).
 */
export function decorateWithJob<Name extends keyof FastifyInstance & string>(
  app: FastifyInstance,
  name: Name,
  job: FastifyInstance[Name] & Pick<PeriodicJob<unknown>, 'start' | 'stop'>,
  settings: { readonly enabled: boolean; readonly intervalMs: number; readonly firstRunDelayMs: number },
): void {
  // Fastify's `decorate` types cannot follow a generic name; `job`'s type is checked against `app[name]` above.
  app.decorate(name, job as never);
  runWithApp(app, job, settings);
}
