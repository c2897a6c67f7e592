import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { SANDBOX_LENDER, type LenderIdentity } from '../shared/lender.ts';
import { loadLenderIdentity } from './lender.ts';
import { projectRoot } from './paths.ts';

/**
 * The server's environment, parsed once at start with zod. A bad value fails fast with a message naming the
 * variable (`ConfigError`); main.ts prints it and exits. Every variable is listed in the table of
 * docs/configuration.md.
 */

/** Settings the real (non-sandbox) providers need; `SANDBOX=false` refuses to start without them. */
export const realProviderVariables = [
  'SMS_PROVIDER_URL',
  'SMS_PROVIDER_API_KEY',
  'CARD_GATEWAY_URL',
  'CARD_GATEWAY_API_KEY',
  'OPEN_BANKING_URL',
  'OPEN_BANKING_API_KEY',
  'DIRECT_TRANSFER_URL',
  'DIRECT_TRANSFER_API_KEY',
] as const;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanWords: Record<string, boolean> = {
  true: true,
  '1': true,
  on: true,
  yes: true,
  false: false,
  '0': false,
  off: false,
  no: false,
};

const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const parsed = booleanWords[value.trim().toLowerCase()];
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: `must be one of true/false/1/0/on/off/yes/no (got "${value}")` });
        return z.NEVER;
      }
      return parsed;
    });

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const parsed = Number(value);
      if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer between ${min} and ${max} (got "${value}")` });
        return z.NEVER;
      }
      return parsed;
    });

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** `TRUST_PROXY`: unset/false → no proxy; true → trust all; a number → hops; otherwise a comma list of IPs/CIDRs. */
const trustProxy = z
  .string()
  .optional()
  .transform((value): boolean | number | string[] => {
    if (value === undefined) return false;
    const word = booleanWords[value.trim().toLowerCase()];
    if (word !== undefined && !/^\d+$/.test(value.trim())) return word;
    if (/^\d+$/.test(value.trim())) return Number(value.trim());
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  });

const envSchema = z
  .object({
    PORT: integer(8080, 0, 65535),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a PostgreSQL URL (postgres://user:password@host:port/database)')
      .optional(),
    DATA_DIR: z.string().min(1).optional(),
    /** The lender's identity, a JSON file (src/shared/lender.ts); the sandbox's fictional one when unset. */
    LENDER_FILE: z.string().min(1).optional(),
    SANDBOX: flag(true),
    PAYOUT_DELAY_MS: integer(600_000, 0, 7 * 24 * 3_600_000),
    PAYOUT_JOB: flag(true),
    PAYOUT_INTERVAL_MS: integer(5_000, 100, 3_600_000),
    LOAN_DEFINITIONS_MAX_AGE_MS: integer(30_000, 0, 3_600_000),
    INSTANCE_HEARTBEAT_MS: integer(3_000, 100, 60_000),
    PAYMENT_RECOVERY_JOB: flag(true),
    PAYMENT_RECOVERY_INTERVAL_MS: integer(10_000, 100, 3_600_000),
    COLLECTION_JOB: flag(true),
    COLLECTION_INTERVAL_MS: integer(3_600_000, 1_000, 86_400_000),
    VAPID_PUBLIC_KEY: z.string().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
      .default('mailto:soporte@prestamorapido.example'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
    PUSH_REMINDERS: flag(true),
    PUSH_REMINDER_INTERVAL_MS: integer(60_000, 1_000, 24 * 3_600_000),
    RATE_LIMIT_SCALE: integer(1, 1, 1_000_000_000),
    FAULT_POINTS: z.string().optional(),
    LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
    DIST_DIR: z.string().min(1).optional(),
    TRUST_PROXY: trustProxy,
    PUBLIC_URL: httpUrl.optional(),
    SMS_PROVIDER_URL: httpUrl.optional(),
    SMS_PROVIDER_API_KEY: z.string().min(1).optional(),
    CARD_GATEWAY_URL: httpUrl.optional(),
    CARD_GATEWAY_API_KEY: z.string().min(1).optional(),
    OPEN_BANKING_URL: httpUrl.optional(),
    OPEN_BANKING_API_KEY: z.string().min(1).optional(),
    DIRECT_TRANSFER_URL: httpUrl.optional(),
    DIRECT_TRANSFER_API_KEY: z.string().min(1).optional(),
    DIRECT_TRANSFER_CALLBACK_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
    STAFF_TOTP_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 random bytes in base64url (43 characters)')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set together with its pair (or leave both unset to generate them)',
      });
    }
    if (!env.SANDBOX && env.RATE_LIMIT_SCALE !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['RATE_LIMIT_SCALE'],
        message: 'is only allowed with SANDBOX on (load tests)',
      });
    }
    if (!env.SANDBOX && env.FAULT_POINTS !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['FAULT_POINTS'],
        message: 'is only allowed with SANDBOX on (crash tests)',
      });
    }
    if (!env.SANDBOX && env.LENDER_FILE === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['LENDER_FILE'],
        message: "is required when SANDBOX is off (the lender's identity on the legal pages and the contracts)",
      });
    }
    if (!env.SANDBOX) {
      for (const name of realProviderVariables) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when SANDBOX is off (real providers replace the sandbox ones)',
          });
        }
      }
    }
  });

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string, or null for the embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  sandbox: boolean;
  /** Who the customer contracts with (src/shared/lender.ts): `LENDER_FILE`, or the sandbox's fictional lender. */
  lender: LenderIdentity;
  payoutDelayMs: number;
  /**
   * How long the quotes price from the loan definitions kept in memory before reading them again: a new definition
   * (a price change) reaches this instance's quotes within this time; the loan request always reads the database.
   */
  loanDefinitionsMaxAgeMs: number;
  /** The payout job of this instance (modules/payout): on or off, and how often it looks for loans to issue. */
  payoutJob: { enabled: boolean; intervalMs: number };
  /**
   * How often this instance writes its heartbeat (src/server/instances.ts); another instance counts it dead after
   * three missed beats and a second.
   */
  instanceHeartbeatMs: number;
  /**
   * The payment recovery job (modules/payment/recovery.ts): settles or abandons, by asking the provider, the card
   * payments nobody is charging any more (a crashed instance's, an unknown outcome), at start and then this often.
   */
  paymentRecoveryJob: { enabled: boolean; intervalMs: number };
  /** The collection-status job (modules/payment): customers' statuses follow their overdue days. */
  collectionJob: { enabled: boolean; intervalMs: number };
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  /** Null when absent: generated and stored in `app_secrets` on first start. */
  jwtSecret: string | null;
  /**
   * HMAC key of the direct-transfer provider's callback (shared with the provider); null when absent: generated
   * and stored in `app_secrets` on first start (the sandbox provider signs with it).
   */
  directTransferCallbackSecret: string | null;
  /** The staff TOTP secrets' AES-256 key (base64url); null when absent: generated and stored on first start. */
  staffTotpKey: string | null;
  /** The payment-reminder scheduler of this instance: on or off, and how often it runs. */
  pushReminders: { enabled: boolean; intervalMs: number };
  logLevel: (typeof logLevels)[number];
  /** Every rate limit (the global one and each route's) is multiplied by this: 1, or more for load tests. */
  rateLimitScale: number;
  distDir: string;
  trustProxy: boolean | number | string[];
  /** Public origin of the app, e.g. `https://prestamorapido.es`; links in SMS and the WebOTP line use it. */
  publicUrl: string;
  /** Host named in the WebOTP line `@<host> #<code>` of SMS with a code. */
  webOtpHost: string;
  /** Real provider settings; null in sandbox mode. */
  providers: {
    sms: { url: string; apiKey: string };
    cardGateway: { url: string; apiKey: string };
    openBanking: { url: string; apiKey: string };
    directTransfer: { url: string; apiKey: string };
  } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const resolvePath = (value: string) => (isAbsolute(value) ? value : resolve(process.cwd(), value));

/** Parse the environment. Empty strings count as unset. Throws `ConfigError` naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`),
    );
  }
  const e = result.data;
  let lender = SANDBOX_LENDER;
  if (e.LENDER_FILE !== undefined) {
    try {
      lender = loadLenderIdentity(resolvePath(e.LENDER_FILE));
    } catch (error) {
      throw new ConfigError([(error as Error).message]);
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const real = <T>(value: T | undefined): T => value as T;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: e.DATA_DIR === undefined ? join(projectRoot, '.data') : resolvePath(e.DATA_DIR),
    sandbox: e.SANDBOX,
    lender,
    payoutDelayMs: e.PAYOUT_DELAY_MS,
    loanDefinitionsMaxAgeMs: e.LOAN_DEFINITIONS_MAX_AGE_MS,
    payoutJob: { enabled: e.PAYOUT_JOB, intervalMs: e.PAYOUT_INTERVAL_MS },
    instanceHeartbeatMs: e.INSTANCE_HEARTBEAT_MS,
    paymentRecoveryJob: { enabled: e.PAYMENT_RECOVERY_JOB, intervalMs: e.PAYMENT_RECOVERY_INTERVAL_MS },
    collectionJob: { enabled: e.COLLECTION_JOB, intervalMs: e.COLLECTION_INTERVAL_MS },
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT,
    jwtSecret: e.JWT_SECRET ?? null,
    directTransferCallbackSecret: e.DIRECT_TRANSFER_CALLBACK_SECRET ?? null,
    staffTotpKey: e.STAFF_TOTP_KEY ?? null,
    pushReminders: { enabled: e.PUSH_REMINDERS, intervalMs: e.PUSH_REMINDER_INTERVAL_MS },
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    distDir: e.DIST_DIR === undefined ? join(projectRoot, 'dist') : resolvePath(e.DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    publicUrl,
    webOtpHost: new URL(publicUrl).hostname,
    providers: e.SANDBOX
      ? null
      : {
          sms: { url: real(e.SMS_PROVIDER_URL), apiKey: real(e.SMS_PROVIDER_API_KEY) },
          cardGateway: { url: real(e.CARD_GATEWAY_URL), apiKey: real(e.CARD_GATEWAY_API_KEY) },
          openBanking: { url: real(e.OPEN_BANKING_URL), apiKey: real(e.OPEN_BANKING_API_KEY) },
          directTransfer: { url: real(e.DIRECT_TRANSFER_URL), apiKey: real(e.DIRECT_TRANSFER_API_KEY) },
        },
  };
}
