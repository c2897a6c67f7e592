import { formatMessage, type MessageValues } from './messages.ts';
import { es } from './spanish.ts';

/**
 * Default validation messages (first document §5, "Default messages"), verbatim from the spec. Apart from messages.ts:
 * only forms use them, and forms are not part of the first load.
 */
export const VALIDATION_MESSAGES = {
  required: 'Campo obligatorio',
  email: 'Email no válido',
  fakeEmail: 'Email no válido',
  min: 'El valor mínimo es {min}',
  max: 'El valor máximo es {max}',
  minLength: 'La longitud mínima es {minLength}',
  maxLength: 'La longitud máxima es {maxLength}',
  number: 'No es un número',
  pattern: 'Patrón incorrecto',
  sameAs: 'Los campos no coinciden',
  notSameAs: 'Los campos no coinciden',
  string: 'Carácter no válido',
  url: es('Invalid url'),
  dateValid: 'Fecha invalida',
  dateRange: 'Rango de fechas no válido',
} as const;

export type ValidationRule = keyof typeof VALIDATION_MESSAGES;

/** The default message of a rule, interpolated (`validationMessage('min', { min: 4 })`). */
export function validationMessage(rule: ValidationRule, values: MessageValues = {}): string {
  return formatMessage(VALIDATION_MESSAGES[rule], values);
}
