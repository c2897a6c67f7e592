import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Structured logs (pino through Fastify): one JSON line per event, the request id on every line of a request,
 * secrets redacted. The spec's client headers (Application, X-App-Version, X-Member-Role, Client-Unique,
 * Accept-Language) are logged with each incoming request.
 */

/** Paths pino replaces with "[redacted]" wherever they appear in a logged object. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  '*.authorization',
  'password',
  'password2',
  'newPassword',
  'pin',
  'token',
  'jwt',
  'repayToken',
  'cv2',
  'cardNumber',
  '*.password',
  '*.password2',
  '*.newPassword',
  '*.pin',
  '*.token',
  '*.jwt',
  '*.repayToken',
  '*.cv2',
  '*.cardNumber',
  '*.*.password',
  '*.*.pin',
  '*.*.token',
  // Card form fields wherever a body ends up in a log object (the request serializer never logs bodies).
  '*.*.cv2',
  '*.*.cardNumber',
];

const SENSITIVE_QUERY = /token|jwt|pin|password|secret|key/i;
/** Path segments following these words are secrets (repay tokens, magic links). */
const SENSITIVE_SEGMENT_AFTER = /^(token|loginWithRepayToken|getCardsWithToken|payLoanWithToken|loans|r|rx|rs)$/i;

/** The URL with secret-looking query values and token path segments masked. */
export function sanitizeUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const segments = path.split('/');
  const cleanPath = segments
    .map((segment, index) => {
      const previous = segments[index - 1];
      return previous !== undefined && SENSITIVE_SEGMENT_AFTER.test(previous) && segment.length >= 16
        ? '[redacted]'
        : segment;
    })
    .join('/');
  if (query === undefined) return cleanPath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SENSITIVE_QUERY.test(key)) params.set(key, '[redacted]');
  return `${cleanPath}?${params.toString()}`;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value.join(',') : value;
  return text === undefined ? undefined : text.slice(0, 200);
};

/** The spec's request headers as the log shows them. */
export function clientHeaders(request: FastifyRequest) {
  return {
    application: header(request, 'application'),
    appVersion: header(request, 'x-app-version'),
    memberRole: header(request, 'x-member-role'),
    memberId: header(request, 'x-member-id'),
    clientUnique: header(request, 'client-unique'),
    language: header(request, 'accept-language'),
  };
}

const REQUEST_ID = /^[\w.:-]{8,100}$/;

/** Request id: the caller's `X-Correlation-ID` / `X-Request-ID` when it looks like one, else a fresh UUID. */
export function generateRequestId(req: IncomingMessage): string {
  for (const name of ['x-correlation-id', 'x-request-id']) {
    const value = req.headers[name];
    if (typeof value === 'string' && REQUEST_ID.test(value)) return value;
  }
  return randomUUID();
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: sanitizeUrl(request.url),
        ip: request.ip,
        userAgent: header(request, 'user-agent'),
        client: clientHeaders(request),
      }),
    },
  };
}

type LogLevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type AnyLogFn = (...args: unknown[]) => void;

/**
 * `request.log` of one request: the pino child with the request id, made on the first line the request logs at an
 * enabled level instead of for every request. Making it runs the bindings through pino's redaction (its wildcard
 * paths apply to every binding), a few microseconds that a request logging nothing (every answer at
 * LOG_LEVEL=warn) never needs. The lines are pino's own, from the same child: nothing changes in what is written.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  #logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  #log(level: LogLevelName, args: unknown[]): void {
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    if (this.#child === undefined && parent.isLevelEnabled?.(level) === false) return;
    (this.#logger()[level] as AnyLogFn)(...args);
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#logger().child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a RequestLogger for a route without its own log level or serializers (all of
 * ours: Fastify then passes no child options), pino's child at once otherwise (what Fastify does by default).
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  for (const _option in options) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
};
