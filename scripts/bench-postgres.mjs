// PostgreSQL for `npm run bench`: finds the machine's cluster the way `.ci/run` does (pg_lsclusters, the first
// cluster; started with pg_ctlcluster when it is down and we are root, and stopped again afterwards), makes sure
// the CI role exists (prestamo_ci, CREATEDB; created as the postgres user when it does not log in), and creates a
// scratch database for the run, dropped at the end. BENCH_POSTGRES_URL (a URL of a role with CREATEDB, any
// database) skips the discovery. Never throws: what cannot be had is a reason, printed as NOT MEASURED.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const CI_ROLE = 'prestamo_ci';
const CI_PASSWORD = 'prestamo_ci';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function run(command, args, input) {
  const result = spawnSync(command, args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], cwd: '/' });
  return { ok: result.status === 0, out: result.stdout ?? '', err: (result.stderr || result.error?.message) ?? '' };
}

/** The first cluster of `pg_lsclusters`, as `.ci/run` reads it: { version, name, port, state }, or null. */
function firstCluster() {
  try {
    const line = execFileSync('pg_lsclusters', ['--no-header'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\n')
      .find((row) => row.trim());
    if (!line) return null;
    const [version, name, port, state] = line.trim().split(/\s+/);
    return { version, name, port: Number(port), state };
  } catch {
    return null;
  }
}

/** psql as the postgres superuser (root only, like `.ci/run`'s as_postgres with su). */
function asPostgres(port, sql) {
  return run('su', ['postgres', '-c', `cd / && psql -v ON_ERROR_STOP=1 -q -p ${port}`], sql);
}

async function canConnect(pg, url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A scratch database for the run: { url, label, drop() } or { reason }. `label` names the server and database
 * for the report (no password).
 */
export async function preparePostgres({ log }) {
  const { default: pg } = await import('pg');
  let adminUrl = process.env.BENCH_POSTGRES_URL;
  let startedCluster = null;
  let where = 'BENCH_POSTGRES_URL';

  if (!adminUrl) {
    let cluster = firstCluster();
    if (!cluster) return { reason: 'no PostgreSQL cluster (pg_lsclusters finds none; set BENCH_POSTGRES_URL)' };
    where = `cluster ${cluster.version}/${cluster.name} on port ${cluster.port}`;
    if (cluster.state !== 'online') {
      if (!isRoot()) return { reason: `${where} is ${cluster.state}, and starting it needs root` };
      log(`Starting PostgreSQL ${where}…`);
      const started = run('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
      if (!started.ok) return { reason: `could not start ${where}: ${started.err.trim().slice(0, 200)}` };
      startedCluster = cluster;
      cluster = firstCluster() ?? cluster;
    }
    adminUrl = `postgres://${CI_ROLE}:${CI_PASSWORD}@127.0.0.1:${cluster.port}/postgres`;
    if (!(await canConnect(pg, adminUrl))) {
      if (!isRoot())
        return stopAnd(startedCluster, `role ${CI_ROLE} cannot log in to ${where}, and creating it needs root`);
      // As .ci/run does: the role is created (or its password and rights set) by the postgres superuser.
      const made = asPostgres(
        cluster.port,
        `DO $$ BEGIN
           IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${CI_ROLE}') THEN
             CREATE ROLE ${CI_ROLE} LOGIN CREATEDB PASSWORD '${CI_PASSWORD}';
           ELSE
             ALTER ROLE ${CI_ROLE} LOGIN CREATEDB PASSWORD '${CI_PASSWORD}';
           END IF;
         END $$;`,
      );
      if (!made.ok || !(await canConnect(pg, adminUrl))) {
        return stopAnd(
          startedCluster,
          `could not create role ${CI_ROLE} on ${where}: ${made.err.trim().slice(0, 200)}`,
        );
      }
    }
  } else if (!(await canConnect(pg, adminUrl))) {
    return { reason: 'BENCH_POSTGRES_URL does not connect' };
  }

  const database = `prestamo_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end().catch(() => {});
    }
  };
  try {
    await admin(`CREATE DATABASE ${database}`);
  } catch (error) {
    return stopAnd(startedCluster, `could not create a scratch database on ${where}: ${error.message}`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  let version = '';
  try {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
    await client.connect();
    version = (await client.query('show server_version')).rows[0]?.server_version?.split(' ')[0] ?? '';
    await client.end();
  } catch {
    // the label goes without the version
  }
  let dropped = false;
  // An interrupted run (Ctrl-C, a failed start) still drops it: psql, synchronously, as the process exits.
  const dropOnExit = () => {
    if (!dropped) run('psql', [adminUrl, '-qc', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
  };
  process.once('exit', dropOnExit);
  return {
    url: url.toString(),
    label: `PostgreSQL ${version} (${where}), scratch database ${database}`.replace(/\s+/g, ' '),
    async drop() {
      if (dropped) return;
      dropped = true;
      process.removeListener('exit', dropOnExit);
      try {
        await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      } catch (error) {
        log(`Could not drop the scratch database ${database}: ${error.message}`);
      }
      stopAnd(startedCluster, null);
    },
  };
}

function stopAnd(cluster, reason) {
  if (cluster) run('pg_ctlcluster', [cluster.version, cluster.name, 'stop']);
  return reason === null ? undefined : { reason };
}
