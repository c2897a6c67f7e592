import type { z } from 'zod';

/**
 * What the sandbox providers' pages share (the open-banking widget, the 3-D Secure challenge): their headers — a
 * CSP that lets only the app's origin frame them and runs only the scripts this server serves — and the reading of
 * the provider state they keep as JSON text.
 */
export function sandboxPageHeaders(appOrigin: string, { images = false } = {}): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'unsafe-inline'",
      ...(images ? ["img-src 'self' data:"] : []),
      "connect-src 'self'",
      "form-action 'none'",
      "base-uri 'none'",
      `frame-ancestors ${appOrigin}`,
    ].join('; '),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'cross-origin',
  };
}

/** A provider state stored as JSON text, or null when there is none or it does not match the schema. */
export function parseStoredState<T>(schema: z.ZodType<T>, text: string | null): T | null {
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
