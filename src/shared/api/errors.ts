import { businessErrorCodes, type BusinessErrorCodeName } from './business-error-codes.ts';
import { transportErrorCodes, type ErrorCodeDefinition } from './error-codes.ts';

/**
 * Every error code by name (the transport codes of ./error-codes.ts, then the business codes of
 * ./business-error-codes.ts) and what a code answers: `formatErrorMessage`, `apiErrorOf`.
 */

/** Every error code, transport and business, by name. */
export const errorCodes = { ...transportErrorCodes, ...businessErrorCodes };
export type ErrorCodeName = keyof typeof errorCodes;

export const isBusinessErrorCode = (name: string): name is BusinessErrorCodeName =>
  Object.hasOwn(businessErrorCodes, name);
export const isErrorCode = (name: string): name is ErrorCodeName => Object.hasOwn(errorCodes, name);

/** Fills `{name}` placeholders of a message template; unknown placeholders stay as they are. */
export const formatErrorMessage = (template: string, values: Readonly<Record<string, string | number>> = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));

/**
 * One item of the spec's error shape for a code: `{ code: { name, value }, message, title }` (define.ts's ApiError;
 * not imported from there, since define.ts imports the code names from here and the two must not import each other).
 */
export const apiErrorOf = (name: ErrorCodeName, values?: Readonly<Record<string, string | number>>) => {
  const definition: ErrorCodeDefinition = errorCodes[name];
  return {
    code: { name, value: definition.value },
    message: formatErrorMessage(definition.message, values),
    title: definition.title,
  };
};
