/**
 * The server's own Spanish texts of manual account entry (InvalidBankAccount says which part of the IBAN is wrong;
 * the code's catalogue message stays the spec's 'No se pudo añadir esta cuenta bancaria…').
 */
export const IBAN_ERROR_MESSAGES = {
  notSpanish:
    'El número de cuenta debe ser un IBAN español: ES seguido de 22 dígitos (por ejemplo, ES91 2100 0418 4502 0005 1332).',
  isoCheckDigits:
    'El IBAN no es correcto: sus dígitos de control (los dos números después de ES) no corresponden a la cuenta. Revísalo.',
  cccControlDigits:
    'El número de cuenta no es correcto: los dígitos de control de la cuenta (posiciones 13 y 14 del IBAN) no coinciden. Revísalo.',
} as const;
