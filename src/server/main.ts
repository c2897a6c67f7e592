import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateDatabase } from './db/migrate.ts';
import { forgetInstancesOfDeadProcesses } from './instances.ts';
import { hasMarker } from './db/app-secrets.ts';
import { demoLogins, SEED_MARKER } from './db/seed/demo-customers.ts';
import { DEMO_STAFF_MARKER, demoStaffLogins } from './db/seed/demo-staff-accounts.ts';
import { loadSecrets } from './secrets.ts';

/**
 * Start the server: configuration, database (connect + migrate), secrets, demo data (sandbox, first start only),
 * the app, listen. SIGINT/SIGTERM close it gracefully: stop accepting, finish in-flight requests, stop timers
 * (onClose hooks), close the database.
 *
 * Cold start: the app's module graph (Fastify, zod contract, validators, …) is imported while PGlite compiles its
 * WebAssembly and opens the data directory, instead of one after the other.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const [database, { buildApp }] = await Promise.all([
    connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    import('./app.ts'),
  ]);
  await migrateDatabase(database);
  // One process owns a PGlite folder: the instances recorded in it are dead processes, whose work is free at once.
  if (database.kind === 'pglite') await forgetInstancesOfDeadProcesses(database.db);
  const secrets = await loadSecrets(database.db, config);
  // The seed module (and the loan maths it needs) is loaded only on the first start of a sandbox database.
  const seed =
    config.sandbox && !(await hasMarker(database.db, SEED_MARKER))
      ? await (await import('./db/seed/seed.ts')).seedDemoData(database.db, { now: () => new Date() })
      : null;

  const staffSeed =
    config.sandbox && !(await hasMarker(database.db, DEMO_STAFF_MARKER))
      ? await (
          await import('./db/seed/demo-staff.ts')
        ).seedDemoStaff(database.db, { now: () => new Date() }, secrets.staffTotpKey)
      : null;

  const app = await buildApp({ config, db: database.db, secrets });
  if (seed?.seeded) app.log.info({ customers: seed.customers }, 'demo customers seeded');
  if (staffSeed?.seeded) app.log.info('demo staff seeded');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('Error while shutting down:', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  Préstamo Rápido is running at ${url}  (${Math.round(performance.now() - startedAt)} ms)`,
    `  Database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}; sandbox ${config.sandbox ? 'on' : 'off'}`,
  ];
  if (config.sandbox) {
    lines.push(`  Sandbox SMS outbox: ${url}/sandbox/sms?phone=600000001`, '', '  Demo customers (PIN 1234):');
    for (const login of demoLogins) lines.push(`    ${login.phone}  ${login.status.padEnd(18)} ${login.description}`);
    lines.push('', `  Back office: ${url}/backoffice (codes: ${url}/sandbox/staff)`);
    for (const login of demoStaffLogins)
      lines.push(`    ${login.email.padEnd(30)} ${login.role.padEnd(18)} ${login.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
