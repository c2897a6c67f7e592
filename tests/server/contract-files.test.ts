import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { routeModules } from '../../src/server/modules/index.ts';
import type { AnyCall } from '../../src/shared/api/define.ts';
import { contract, contractCalls, type CallName } from '../../src/shared/api/index.ts';
import { createTestApp } from './helpers/app.ts';

/**
 * Issue 24 §2: the contract is filed by the module that serves it. Every call a server module registers
 * (`registerCall` anywhere in src/server/modules/<module>/) is defined in src/shared/api/<module>.ts and nowhere else,
 * and every call of the contract is registered by exactly one module.
 *
 * Read from the real app, not from the sources: each route module of src/server/modules/index.ts is wrapped so that
 * the routes it registers (its own and those of the scopes it opens) are recorded under it, and each call the app
 * registered (`app.registeredCalls`) is found among them by its method and path.
 */

type RouteModule = (typeof routeModules)[number];

const recorded = vi.hoisted(() => [] as { routes: unknown; method: string; url: string }[]);

vi.mock('../../src/server/modules/index.ts', async (importOriginal) => {
  const actual = await importOriginal<{ routeModules: readonly RouteModule[] }>();
  return {
    ...actual,
    routeModules: actual.routeModules.map(
      (routes): RouteModule =>
        async function recordedRoutes(app: FastifyInstance) {
          app.addHook('onRoute', ({ method, url }) => {
            for (const one of [method].flat()) recorded.push({ routes, method: one, url });
          });
          await routes(app);
        },
    ),
  };
});

/** The module folder (`payment`, `transfer`, …) of each route function, by the module's index.ts that exports it. */
const moduleIndexes = import.meta.glob<Record<string, unknown>>('../../src/server/modules/*/index.ts', {
  eager: true,
});
const modulesExporting = (routes: unknown): string[] =>
  Object.entries(moduleIndexes)
    .filter(([, exports]) => Object.values(exports).includes(routes))
    .map(([path]) => path.split('/').at(-2) as string);

/** Every file of the contract (`payment`, `loan-schemas`, …) with its exports. */
const contractFiles = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, unknown>>('../../src/shared/api/*.ts', { eager: true })).map(
    ([path, exports]) => [(path.split('/').at(-1) as string).replace(/\.ts$/, ''), exports],
  ),
);
const filesDefining = (call: AnyCall): string[] =>
  Object.entries(contractFiles)
    .filter(([, exports]) => Object.values(exports).includes(call))
    .map(([file]) => file)
    .sort();

const t = await createTestApp({ rateLimit: false });
afterAll(() => t.close());

const registered = t.app.registeredCalls.map(({ call }) => call);

/** The modules whose route registration registered this call's route. */
const modulesServing = (call: AnyCall): string[] => [
  ...new Set(
    recorded
      .filter(({ method, url }) => method === call.method && url === call.path)
      .flatMap(({ routes }) => modulesExporting(routes)),
  ),
];

describe('the contract filed by the module that serves it', () => {
  it('finds the module of every registered call (the recording works)', () => {
    expect(registered.length).toBeGreaterThan(0);
    const unattributed = registered.filter((call) => modulesServing(call).length !== 1).map((call) => call.name);
    expect(unattributed).toEqual([]);
  });

  it('defines every call a module registers in src/shared/api/<module>.ts (staff calls: <module>-staff.ts), and in no other file', () => {
    // A staff call of a module that also serves customers is filed in `<module>-staff.ts`: the customer's app
    // imports `<module>.ts`, and a staff entry there would ship the back office's contract in the customer's bundle.
    const homeOf = (call: AnyCall, module: string | undefined) =>
      call.auth === 'staff' && contractFiles[`${module}-staff`] !== undefined ? `${module}-staff` : module;
    const misfiled = registered
      .map((call) => ({ call: call.name, servedBy: modulesServing(call)[0], definedIn: filesDefining(call) }))
      .filter(
        ({ call, servedBy, definedIn }) =>
          definedIn.length !== 1 || definedIn[0] !== homeOf(contract[call as CallName], servedBy),
      )
      .map(({ call, servedBy, definedIn }) => `${call}: served by modules/${servedBy}, defined in ${definedIn}`);
    expect(misfiled).toEqual([]);
  });

  it('never files a staff call with calls of the customer or the public (but the staff login in staff.ts)', () => {
    const mixed = Object.entries(contractFiles)
      .filter(([file]) => file !== 'staff')
      .map(([file, exports]) => {
        const calls = Object.values(exports).filter((value): value is AnyCall =>
          contractCalls.includes(value as AnyCall),
        );
        return { file, kinds: [...new Set(calls.map((call) => (call.auth === 'staff' ? 'staff' : 'other')))] };
      })
      .filter(({ kinds }) => kinds.length > 1)
      .map(({ file }) => file);
    expect(mixed).toEqual([]);
  });

  it('registers every call of the contract by exactly one module, once, and no call outside the contract', () => {
    const notOnce = contractCalls
      .map((call) => ({
        call: call.name,
        registrations: registered.filter((one) => one === call).length,
        modules: modulesServing(call),
      }))
      .filter(({ registrations, modules }) => registrations !== 1 || modules.length !== 1);
    expect(notOnce).toEqual([]);
    expect(registered.filter((call) => !contractCalls.includes(call)).map((call) => call.name)).toEqual([]);
  });
});
