import { es } from '../spanish.ts';

/**
 * Error codes answered in the spec's error shape `{ errors: [{ code: { name, value }, message, title }] }`.
 *
 * Transport codes (bad input, 401, 404, 405, 413, 429, 500) are here; the business codes of both spec documents'
 * error catalogues are in ./business-error-codes.ts; ./errors.ts joins them (`errorCodes`) and fills a code's texts.
 * `value` is stable and unique across both; `message` and `title` are the Spanish texts a client shows when it has
 * nothing more specific.
 */
export interface ErrorCodeDefinition {
  readonly value: number;
  readonly status: number;
  readonly title: string;
  readonly message: string;
}

export const defineCodes = <T extends Record<string, ErrorCodeDefinition>>(codes: T) => codes;

export const transportErrorCodes = defineCodes({
  ValidationError: { value: 400, status: 400, title: 'Aviso', message: 'Los datos enviados no son válidos.' },
  Unauthorized: {
    value: 401,
    status: 401,
    title: es('Authorization Error'),
    message: 'Su sesión ha caducado. Por favor ingrese nuevamente.',
  },
  Forbidden: { value: 403, status: 403, title: 'Aviso', message: 'No tienes permiso para realizar esta operación.' },
  NotFound: { value: 404, status: 404, title: '404', message: 'No conseguimos encontrar lo que estás buscando.' },
  MethodNotAllowed: { value: 405, status: 405, title: 'Aviso', message: 'Método no permitido para esta dirección.' },
  PayloadTooLarge: { value: 413, status: 413, title: 'Aviso', message: 'La solicitud es demasiado grande.' },
  UnsupportedMediaType: {
    value: 415,
    status: 415,
    title: 'Aviso',
    message: 'El formato de la solicitud no es compatible.',
  },
  TooManyRequests: {
    value: 429,
    status: 429,
    title: 'Se han realizado demasiados intentos',
    message: 'Por favor, inténtelo de nuevo más tarde.',
  },
  InternalError: {
    value: 500,
    status: 500,
    title: 'Aviso',
    message: 'Ha ocurrido un error. Vuelva a cargar la página o inténtelo de nuevo.',
  },
});

export type TransportErrorCodeName = keyof typeof transportErrorCodes;
