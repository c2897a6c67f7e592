import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, realProviderVariables } from '../../src/server/config.ts';
import { findProjectRoot, migrationsDir, projectRoot } from '../../src/server/paths.ts';
import { SANDBOX_LENDER, type LenderIdentity } from '../../src/shared/lender.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to fail');
}

/** A lender identity as a deployment would write it (another company than the sandbox's). */
const REAL_LENDER: LenderIdentity = {
  ...SANDBOX_LENDER,
  legalName: 'Crédito Ejemplo Financiación, S.A.',
  tradeName: 'Crédito Ejemplo',
  taxId: 'A87654323',
  registeredAddress: 'Avenida de América 1, 28002 Madrid',
};

function lenderFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'lender-')), 'lender.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('the lender identity (LENDER_FILE)', () => {
  it('is the sandbox fictional lender when unset, in the sandbox', () => {
    expect(loadConfig({}).lender).toEqual(SANDBOX_LENDER);
  });

  it('is read from LENDER_FILE, checked field by field', () => {
    expect(loadConfig({ LENDER_FILE: lenderFile(REAL_LENDER) }).lender).toEqual(REAL_LENDER);
  });

  it('refuses a placeholder, a missing field, a bad CIF or IBAN and a file that is not JSON, naming the problem', () => {
    const placeholder = problemsOf({
      LENDER_FILE: lenderFile({ ...REAL_LENDER, legalName: '[Denominación social de la entidad]' }),
    });
    expect(placeholder.join('\n')).toMatch(/legalName is a placeholder/);
    const { taxId: _taxId, ...withoutTaxId } = REAL_LENDER;
    expect(problemsOf({ LENDER_FILE: lenderFile(withoutTaxId) }).join('\n')).toMatch(/taxId/);
    expect(problemsOf({ LENDER_FILE: lenderFile({ ...REAL_LENDER, taxId: '12345678Z' }) }).join('\n')).toMatch(
      /taxId must be a CIF/,
    );
    const badIban = { ...REAL_LENDER, collectionAccount: { ...REAL_LENDER.collectionAccount, iban: 'DE89 3704' } };
    expect(problemsOf({ LENDER_FILE: lenderFile(badIban) }).join('\n')).toMatch(/collectionAccount\.iban/);
    expect(problemsOf({ LENDER_FILE: lenderFile('{ not json') }).join('\n')).toMatch(/cannot be read as JSON/);
  });
});

describe('configuration from the environment', () => {
  it('scales rate limits only for sandbox load tests, by a whole factor of 1 or more', () => {
    expect(loadConfig({ RATE_LIMIT_SCALE: '1000' }).rateLimitScale).toBe(1000);
    expect(problemsOf({ RATE_LIMIT_SCALE: '0' }).join('\n')).toContain('RATE_LIMIT_SCALE');
    expect(problemsOf({ RATE_LIMIT_SCALE: 'many' }).join('\n')).toContain('RATE_LIMIT_SCALE');
    const production = problemsOf({ SANDBOX: 'false', RATE_LIMIT_SCALE: '10' });
    expect(production).toContain('RATE_LIMIT_SCALE is only allowed with SANDBOX on (load tests)');
  });

  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir: join(projectRoot, '.data'),
      sandbox: true,
      payoutDelayMs: 600_000,
      vapid: null,
      jwtSecret: null,
      logLevel: 'info',
      rateLimitScale: 1,
      distDir: join(projectRoot, 'dist'),
      trustProxy: false,
      publicUrl: 'http://localhost:8080',
      webOtpHost: 'localhost',
      providers: null,
    });
  });

  it('reads every variable and treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app:secret@db:5432/prestamos',
      DATA_DIR: '',
      SANDBOX: 'on',
      PAYOUT_DELAY_MS: '0',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      VAPID_SUBJECT: 'mailto:ops@example.com',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'debug',
      DIST_DIR: '/srv/dist',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      PUBLIC_URL: 'https://prestamorapido.example/',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app:secret@db:5432/prestamos',
      dataDir: join(projectRoot, '.data'),
      sandbox: true,
      payoutDelayMs: 0,
      vapid: { publicKey: 'pub', privateKey: 'priv' },
      vapidSubject: 'mailto:ops@example.com',
      jwtSecret: 'x'.repeat(40),
      logLevel: 'debug',
      distDir: '/srv/dist',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      publicUrl: 'https://prestamorapido.example',
      webOtpHost: 'prestamorapido.example',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    ['PORT', 'abc', /^PORT must be an integer between 0 and 65535 \(got "abc"\)$/],
    ['PORT', '70000', /^PORT must be an integer/],
    ['PAYOUT_DELAY_MS', '-5', /^PAYOUT_DELAY_MS must be an integer/],
    ['SANDBOX', 'maybe', /^SANDBOX must be one of true\/false/],
    ['DATABASE_URL', 'mysql://x', /^DATABASE_URL must be a PostgreSQL URL/],
    ['JWT_SECRET', 'short', /^JWT_SECRET must be at least 32 characters long$/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL must be one of fatal, error/],
    ['VAPID_SUBJECT', 'ops@example.com', /^VAPID_SUBJECT must start with mailto: or https:\/\/$/],
    ['PUBLIC_URL', 'ftp://x', /^PUBLIC_URL must be an http\(s\) URL$/],
  ])('fails fast naming %s when it is %s', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('reports every bad variable at once, in a readable message', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/^Invalid server configuration:\n {2}- PORT .*\n {2}- LOG_LEVEL /);
    }
  });

  it('wants both VAPID keys or neither', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'pub' })).toEqual([
      'VAPID_PRIVATE_KEY must be set together with its pair (or leave both unset to generate them)',
    ]);
  });

  it.each(['false', '0', 'off', 'OFF', 'no'])(
    'SANDBOX=%s refuses to start without the real provider settings, naming them',
    (value) => {
      const problems = problemsOf({ SANDBOX: value });
      expect(problems).toEqual([
        "LENDER_FILE is required when SANDBOX is off (the lender's identity on the legal pages and the contracts)",
        ...realProviderVariables.map(
          (name) => `${name} is required when SANDBOX is off (real providers replace the sandbox ones)`,
        ),
      ]);
    },
  );

  it('SANDBOX off starts with every provider setting', () => {
    const env = Object.fromEntries(
      realProviderVariables.map((name) => [name, name.endsWith('_URL') ? 'https://provider.example/api' : 'key']),
    );
    const config = loadConfig({ SANDBOX: 'false', LENDER_FILE: lenderFile(REAL_LENDER), ...env });
    expect(config.sandbox).toBe(false);
    expect(config.lender).toEqual(REAL_LENDER);
    expect(config.providers?.sms).toEqual({ url: 'https://provider.example/api', apiKey: 'key' });
  });

  it('runs the payment-reminder scheduler every minute by default; PUSH_REMINDERS turns it off, the interval is at least 1 s', () => {
    expect(loadConfig({}).pushReminders).toEqual({ enabled: true, intervalMs: 60_000 });
    expect(loadConfig({ PUSH_REMINDERS: 'off', PUSH_REMINDER_INTERVAL_MS: '300000' }).pushReminders).toEqual({
      enabled: false,
      intervalMs: 300_000,
    });
    expect(problemsOf({ PUSH_REMINDERS: 'sometimes' }).join('\n')).toContain('PUSH_REMINDERS');
    expect(problemsOf({ PUSH_REMINDER_INTERVAL_MS: '999' }).join('\n')).toContain('PUSH_REMINDER_INTERVAL_MS');
    expect(problemsOf({ PUSH_REMINDER_INTERVAL_MS: 'often' }).join('\n')).toContain('PUSH_REMINDER_INTERVAL_MS');
  });

  it('runs the payout job every 5 s by default; PAYOUT_JOB turns it off, the interval is at least 100 ms', () => {
    expect(loadConfig({}).payoutJob).toEqual({ enabled: true, intervalMs: 5_000 });
    expect(loadConfig({ PAYOUT_JOB: 'false', PAYOUT_INTERVAL_MS: '1000' }).payoutJob).toEqual({
      enabled: false,
      intervalMs: 1_000,
    });
    expect(problemsOf({ PAYOUT_INTERVAL_MS: '99' }).join('\n')).toContain('PAYOUT_INTERVAL_MS');
    expect(problemsOf({ PAYOUT_JOB: 'sometimes' }).join('\n')).toContain('PAYOUT_JOB');
  });
});

describe('project root', () => {
  it('is found by walking up to package.json, from src and from a compiled build folder', () => {
    expect(findProjectRoot(join(projectRoot, 'src', 'server'))).toBe(projectRoot);
    expect(findProjectRoot(join(projectRoot, 'build', 'node', 'server'))).toBe(projectRoot);
    expect(migrationsDir).toBe(join(projectRoot, 'src', 'server', 'db', 'migrations'));
  });
});
