/**
 * A real server process for the crash tests (tests/server/crash-recovery.test.ts), run with `node --import tsx`:
 * the same start as src/server/main.ts (configuration from the environment, migrations, the PGlite rule that every
 * recorded instance of the folder is a dead process, secrets, the app) without the demo seed, listening on a free
 * port of 127.0.0.1, which it prints as `LISTENING <port>`. FAULT_POINTS makes it kill itself mid-request; SIGTERM
 * closes it cleanly.
 */
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { connectDatabase } from '../../../src/server/db/connect.ts';
import { migrateDatabase } from '../../../src/server/db/migrate.ts';
import { forgetInstancesOfDeadProcesses } from '../../../src/server/instances.ts';
import { loadSecrets } from '../../../src/server/secrets.ts';

const config = loadConfig();
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
await migrateDatabase(database);
if (database.kind === 'pglite') await forgetInstancesOfDeadProcesses(database.db);
const secrets = await loadSecrets(database.db, config);
const app = await buildApp({ config, db: database.db, secrets, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
