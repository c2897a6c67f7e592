import type { z } from 'zod';

/** The messages a schema gives for a value, by field path ('' for the value itself). */
export function messagesOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    (byPath[path] ??= []).push(issue.message);
  }
  return byPath;
}

/** The first message for a value ('' for the value itself), or undefined when it is accepted. */
export function firstMessage(schema: z.ZodType, value: unknown, path = ''): string | undefined {
  return messagesOf(schema, value)[path]?.[0];
}
