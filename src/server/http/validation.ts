import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodRawIssue, type $ZodType } from 'zod/v4/core';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../shared/text.ts';
import { formatMessage as fill } from '../../shared/messages.ts';
import { VALIDATION_MESSAGES } from '../../shared/validation-messages.ts';
import { keptValidation, keepValidation } from './kept-bodies.ts';

/**
 * Request validation with the contract's zod schemas, in Spanish.
 *
 * Messages a schema sets itself (e.g. 'Solo se permiten caracteres del alfabeto español.') win; zod's own English
 * defaults are replaced by the spec's default messages (first document §5, "Default messages"). The error handler
 * joins the issues into one answer naming the fields:
 * 'Los datos enviados no son válidos: phone (Campo obligatorio), pin (La longitud mínima es 4).'
 */

export const validationMessages = {
  ...VALIDATION_MESSAGES,
  minItems: 'Debe contener al menos {min} elementos',
  maxItems: 'Debe contener como máximo {max} elementos',
  integer: 'Debe ser un número entero',
  text: 'Debe ser un texto',
  boolean: 'Debe ser verdadero o falso',
  list: 'Debe ser una lista',
  object: 'Debe ser un objeto',
  option: 'Valor no permitido',
  invalid: 'Valor no válido',
  multipleOf: 'Debe ser múltiplo de {divisor}',
  unknownField: 'Campo no permitido',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  emptyJson: 'El cuerpo de la solicitud está vacío',
  unstorableText: UNSTORABLE_TEXT_MESSAGE,
  tooDeep: 'Demasiados niveles de anidamiento (máximo {max})',
} as const;

/** Deepest nesting of objects and arrays a request may have (the contract's deepest body has 4 levels). */
export const MAX_INPUT_DEPTH = 32;

/**
 * What no schema may let through, checked on every request part before its schema (so a contract entry written
 * later with a bare `z.string()` is covered too): a NUL or a lone surrogate in any string or key (the database
 * and the libraries refuse them with an error, not an answer), and nesting deeper than MAX_INPUT_DEPTH (a stack
 * overflow in whatever walks it next). Iterative, so a hostile depth cannot overflow this walk either.
 */
export function unsafeInputIssues(data: unknown): FieldIssue[] {
  // Almost every request is clean: one quick walk that only answers "anything to report?" (no paths built), and
  // the walk below that names the fields only when there is.
  if (!hasUnsafeInput(data, 0)) return [];
  const issues: FieldIssue[] = [];
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: data, path: [] }];
  while (stack.length > 0 && issues.length < 10) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) issues.push({ path: path.join('.'), message: validationMessages.unstorableText });
      continue;
    }
    // A file of a multipart body: bytes, not a structure to walk.
    if (value === null || typeof value !== 'object' || value instanceof Uint8Array) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      issues.push({ path: path.join('.'), message: fill(validationMessages.tooDeep, { max: MAX_INPUT_DEPTH }) });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const itemPath = [...path, isStorableText(key) ? key : '?'];
      if (!isStorableText(key)) issues.push({ path: itemPath.join('.'), message: validationMessages.unstorableText });
      else stack.push({ value: item, path: itemPath });
    }
  }
  return issues;
}

/**
 * Whether `unsafeInputIssues` would report anything for `value` at nesting `depth`: the same rules, without paths.
 * Recursion stops at MAX_INPUT_DEPTH (a deeper object is itself the finding), so a hostile depth cannot overflow it.
 * Arrays are walked by index (request data never carries other own properties on an array: JSON, the query
 * string and the multipart reader make plain arrays); a hole is skipped, as `Object.entries` skips it.
 */
function hasUnsafeInput(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return false;
  if (depth >= MAX_INPUT_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) if (hasUnsafeInput(value[i], depth + 1)) return true;
    return false;
  }
  for (const key of Object.keys(value)) {
    if (!isStorableText(key) || hasUnsafeInput((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

export const VALIDATION_PREFIX = 'Los datos enviados no son válidos';

const typeMessages: Record<string, string> = {
  string: validationMessages.text,
  number: validationMessages.number,
  int: validationMessages.integer,
  bigint: validationMessages.number,
  boolean: validationMessages.boolean,
  array: validationMessages.list,
  object: validationMessages.object,
  date: validationMessages.dateValid,
};

/** zod's per-parse error map: the Spanish text of an issue the schema gave no message for. */
export function spanishIssueMessage(issue: $ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return validationMessages.required;
      return typeMessages[issue.expected] ?? validationMessages.invalid;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? validationMessages.required : fill(validationMessages.minLength, { minLength: min });
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? validationMessages.required : fill(validationMessages.minItems, { min });
      return fill(validationMessages.min, { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return fill(validationMessages.maxLength, { maxLength: max });
      if (issue.origin === 'array' || issue.origin === 'set') return fill(validationMessages.maxItems, { max });
      return fill(validationMessages.max, { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return validationMessages.email;
      if (issue.format === 'date' || issue.format === 'datetime' || issue.format === 'time')
        return validationMessages.dateValid;
      if (issue.format === 'url') return validationMessages.url;
      return validationMessages.pattern;
    case 'not_multiple_of':
      return fill(validationMessages.multipleOf, { divisor: Number(issue.divisor) });
    case 'unrecognized_keys':
      return validationMessages.unknownField;
    case 'invalid_value':
      return validationMessages.option;
    default:
      return validationMessages.invalid;
  }
}

/** One issue as the error handler needs it: where and what. */
export interface FieldIssue {
  /** Dotted path inside the request part, e.g. `actions.0.type`; empty for the whole part. */
  path: string;
  message: string;
}

/**
 * The parse context of every request validation, one object for all. `async: false` is what `safeParse` sets on
 * its copy anyway; written here, the copy keeps the same shape (V8 adds a property missing from a spread object
 * on a slow path, and every schema of the parse then reads a slow context: 1 µs for an empty query, +70 % for the
 * calculator's body).
 */
const SPANISH = { error: spanishIssueMessage, async: false } as const;

/**
 * Fastify validator compiler for zod schemas: Spanish messages, unknown keys reported one per field. A missing
 * body arrives as null (Fastify's convention), which the messages treat as "Campo obligatorio". A kept body
 * (./kept-bodies.ts) is validated once per schema.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const kept = keptValidation(schema, data);
    if (kept !== undefined) return { value: kept };
    const unsafe = unsafeInputIssues(data);
    if (unsafe.length > 0) return { error: validationError(unsafe) };
    const result = safeParse(schema, data, SPANISH);
    if (result.success) return { value: keepValidation(schema, data, result.data) };
    const issues: FieldIssue[] = [];
    for (const issue of result.error.issues) {
      const base = issue.path.map(String);
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) issues.push({ path: [...base, key].join('.'), message: issue.message });
      } else {
        issues.push({ path: base.join('.'), message: issue.message });
      }
    }
    return { error: validationError(issues) };
  };

const validationError = (issues: FieldIssue[]) =>
  Object.assign(new Error(formatValidationMessage(issues)), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    fieldIssues: issues,
  });

const contextNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** 'Los datos enviados no son válidos: phone (Campo obligatorio), pin (La longitud mínima es 4).' */
export function formatValidationMessage(issues: readonly FieldIssue[], context?: string): string {
  if (issues.length === 0) return `${VALIDATION_PREFIX}.`;
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of issues) {
    const field = issue.path || contextNames[context ?? ''] || 'body';
    const part = `${field} (${issue.message})`;
    if (!seen.has(part)) {
      seen.add(part);
      parts.push(part);
    }
  }
  const shown = parts.slice(0, 10);
  const more = parts.length > shown.length ? ` y ${parts.length - shown.length} más` : '';
  return `${VALIDATION_PREFIX}: ${shown.join(', ')}${more}.`;
}
