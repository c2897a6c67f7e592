import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/connect.ts';
import { registerErrorHandler, sendError } from './http/error-handler.ts';
import { registerNotFound, trackRoutes } from './http/not-found.ts';
import { registerIdempotencyPurge } from './http/idempotency.ts';
import { serializerCompiler } from './http/serializer.ts';
import type { RegisteredCall } from './http/register-call.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { registerServerInstance } from './instances.ts';
import { generateRequestId, loggerOptions, requestLoggerFactory } from './logger.ts';
import { routeModules } from './modules/index.ts';
import { registerPaymentHooks } from './modules/payment/index.ts';
import { registerPayoutJob } from './modules/payout/index.ts';
import { registerPushReminders } from './modules/push/index.ts';
import { registerArrivalOrder } from './plugins/arrival-order.ts';
import { sessionDepsOf, staffSessionDepsOf } from './plugins/auth.ts';
import { registerRateLimit, type RateLimitSettings } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStatic } from './plugins/static.ts';
import { createProviders, type Providers } from './providers/index.ts';
import type { AppSecrets } from './secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    clock: Clock;
    secrets: AppSecrets;
    providers: Providers;
  }
}

export interface AppDeps {
  config: AppConfig;
  db: Database;
  secrets: AppSecrets;
  /** Defaults to the system clock; tests pass a fake one. */
  clock?: Clock;
  /** Defaults to the providers the configuration selects (sandbox ones while SANDBOX is on). */
  providers?: Providers;
  /** Fastify logger: options, `false` for none (tests). Defaults to JSON logs at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
  /** Global rate limit per IP (default 300 per minute), or false to register no rate limits at all. */
  rateLimit?: RateLimitSettings | false;
  /** Route modules registered after the app's own (tests use it to add probe routes). */
  extraRoutes?: ReadonlyArray<(app: FastifyInstance) => Promise<void>>;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Maximum request body (JSON): 1 MB. Uploads get their own limit on their routes. */
export const BODY_LIMIT_BYTES = 1_048_576;

/**
 * The whole server as one Fastify instance, ready to `listen` or to `inject` in tests. Owns no resources: the
 * caller opens and closes the database (main.ts, tests/server/helpers/app.ts).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger === undefined ? loggerOptions(config.logLevel) : deps.logger,
    // A hop count becomes a function (Fastify's types take booleans, addresses or a function).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Path parameters carry JWTs and repay tokens (TokenGet `/api/membership/token/:token`): far over the default 100
    // characters; the contract's schemas bound them (tokens ≤ 4096) with a 400 in the error shape.
    routerOptions: { maxParamLength: 8192 },
    genReqId: generateRequestId,
    // request.log: the request's pino child is made when the request first logs, not for every request.
    ...(deps.logger === false ? {} : { childLoggerFactory: requestLoggerFactory }),
    // Malformed URLs and similar framework-level errors answer in the error shape too.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = deps.clock ?? systemClock;
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('clock', clock);
  app.decorate('secrets', deps.secrets);
  app.decorate('providers', deps.providers ?? createProviders({ config, db: deps.db, clock, log: app.log }));
  app.decorate('registeredCalls', [] as RegisteredCall[]);
  app.decorate('sessionDeps', sessionDepsOf(app));
  app.decorate('staffSessionDeps', staffSessionDepsOf(app));
  app.decorateRequest('customer', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('idempotencyKey', null);
  registerServerInstance(app, config.instanceHeartbeatMs);

  const methodsFor = trackRoutes(app);
  registerErrorHandler(app);
  // PGlite is one connection: its work is served in the order requests arrived. PostgreSQL has a pool and needs none.
  if (config.databaseUrl === null) registerArrivalOrder(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-correlation-id', request.id);
    done();
  });

  await registerSecurity(app, { distDir: config.distDir });
  // Static files come before the rate limit: a page load fetches many files, and they cost nothing.
  const spaFallback = await registerStatic(app, config.distDir, { identity: config.lender, sandbox: config.sandbox });
  if (deps.rateLimit !== false) await registerRateLimit(app, deps.rateLimit);

  // Before the routes: the card module's ThreeDsStateGet calls the payment module's hook (read at call time).
  registerPaymentHooks(app);
  for (const routes of [...routeModules, ...(deps.extraRoutes ?? [])]) await app.register(routes);

  registerPushReminders(app);
  registerPayoutJob(app);
  // An accepted agreement is paid out as soon as it is due: with PAYOUT_DELAY_MS=0 at once, not at the next poll.
  app.decorate('onAgreementAssigned', () => app.payout.nudge());
  registerIdempotencyPurge(app);
  registerNotFound(app, methodsFor, spaFallback);
  await app.ready();
  return app;
}
