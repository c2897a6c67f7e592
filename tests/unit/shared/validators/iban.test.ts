// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatIban, ibanSchema, isValidSpanishIban } from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

/** The ISO 13616 check digits of a Spanish BBAN, so a test can build IBANs whose mod-97 is right. */
function withCheckDigits(bban: string): string {
  const rearranged = `${bban}ES00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const check = 98n - (BigInt(rearranged) % 97n);
  return `ES${String(check).padStart(2, '0')}${bban}`;
}

const mod97 = (iban: string) =>
  BigInt(`${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))) % 97n;

describe('Spanish IBAN', () => {
  it('accepts ES91 2100 0418 4502 0005 1332, with or without spaces and in lower case', () => {
    expect(isValidSpanishIban('ES9121000418450200051332')).toBe(true);
    expect(ibanSchema.parse('es91 2100 0418 4502 0005 1332')).toBe('ES9121000418450200051332');
  });

  it('refuses a wrong IBAN check digit', () => {
    expect(firstMessage(ibanSchema, 'ES9221000418450200051332')).toBe('Patrón incorrecto');
  });

  it('refuses a wrong CCC control digit even when the mod-97 check passes', () => {
    const wrongCcc = withCheckDigits('21000418460200051332');
    expect(mod97(wrongCcc)).toBe(1n);
    expect(wrongCcc).not.toBe('ES9121000418450200051332');
    expect(isValidSpanishIban(wrongCcc)).toBe(false);
    expect(firstMessage(ibanSchema, wrongCcc)).toBe('Patrón incorrecto');
    // The same construction with the right control digits is accepted.
    expect(isValidSpanishIban(withCheckDigits('21000418450200051332'))).toBe(true);
  });

  it('refuses a valid IBAN of another country', () => {
    expect(firstMessage(ibanSchema, 'DE89370400440532013000')).toBe('Patrón incorrecto');
  });

  it('is required and shows in groups of 4', () => {
    expect(firstMessage(ibanSchema, '')).toBe('Campo obligatorio');
    expect(formatIban('ES9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
  });
});
