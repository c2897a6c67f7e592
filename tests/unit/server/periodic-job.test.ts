import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicJob } from '../../../src/server/jobs/periodic.ts';

/** The runner of the push reminders and the payout: pacing, no overlap, nudges, failures, stop. */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const logger = () => ({ error: vi.fn() });

describe('createPeriodicJob', () => {
  it('runs every interval after the first delay, and no more after stop', async () => {
    const run = vi.fn(async () => 'done');
    const job = createPeriodicJob({ run, log: logger(), name: 'test' });
    job.start(1_000, 10);
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('never overlaps two runs: runOnce waits for the one under way', async () => {
    let running = 0;
    let most = 0;
    const run = vi.fn(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 100));
      running -= 1;
    });
    const job = createPeriodicJob({ run, log: logger(), name: 'test' });
    const both = Promise.all([job.runOnce(), job.runOnce()]);
    await vi.advanceTimersByTimeAsync(250);
    await both;
    expect(run).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
  });

  it('turns several nudges within the delay into one run, and ignores nudges while stopped', async () => {
    const run = vi.fn(async () => undefined);
    const job = createPeriodicJob({ run, log: logger(), name: 'test', nudgeDelayMs: 50 });
    job.nudge();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).not.toHaveBeenCalled();
    job.start(60_000);
    job.nudge();
    job.nudge();
    job.nudge();
    await vi.advanceTimersByTimeAsync(60);
    expect(run).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it('logs a failed run and goes on with the next one', async () => {
    const log = logger();
    const run = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue('ok');
    const job = createPeriodicJob({ run, log, name: 'payout' });
    job.start(1_000, 0);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'payout run failed');
    await job.stop();
  });

  it('stop waits for the run under way', async () => {
    let finished = false;
    const job = createPeriodicJob({
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
      log: logger(),
      name: 'test',
    });
    job.start(1_000, 0);
    await vi.advanceTimersByTimeAsync(1);
    const stopped = job.stop();
    await vi.advanceTimersByTimeAsync(600);
    await stopped;
    expect(finished).toBe(true);
  });
});
