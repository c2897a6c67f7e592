// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as identityMessages from '../../../src/shared/messages-identity.ts';
import * as loanMessages from '../../../src/shared/messages-loan.ts';
import * as shellMessages from '../../../src/shared/messages.ts';
import * as validationMessages from '../../../src/shared/validation-messages.ts';

/** Every catalogue of the three message modules (shell, first-document flows, loan area). */
const messages = { ...shellMessages, ...validationMessages, ...identityMessages, ...loanMessages };
import { formatMessage } from '../../../src/shared/messages.ts';
import { VALIDATION_MESSAGES, validationMessage } from '../../../src/shared/validation-messages.ts';
import { FIELD_MESSAGES, PRODUCT_MESSAGES } from '../../../src/shared/messages-identity.ts';
import { readSpec } from './spec-text.ts';
import { SPEC_SPANISH } from '../../../src/shared/spanish.ts';

const spec = readSpec().both;
/** The corrected Spanish text → the spec's words it stands for (src/shared/spanish.ts). */
const specTextOf = new Map<string, string>(Object.entries(SPEC_SPANISH).map(([specText, shown]) => [shown, specText]));

/** Every string of a catalogue, with its dotted name. */
function textsOf(value: unknown, name: string): [string, string][] {
  if (typeof value === 'string') return [[name, value]];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => textsOf(inner, `${name}.${key}`));
  }
  return [];
}

const specCatalogues = Object.entries(messages).filter(
  ([name, value]) => typeof value === 'object' && value !== null && name !== 'PRODUCT_MESSAGES',
);
const specTexts = specCatalogues.flatMap(([name, value]) => textsOf(value, name));

describe('message catalogue', () => {
  it('holds texts of every area of both documents', () => {
    expect(specCatalogues.length).toBeGreaterThanOrEqual(20);
    expect(specTexts.length).toBeGreaterThan(120);
  });

  it.each(specTexts)('%s is copied verbatim from the spec (fixed parts around placeholders)', (_name, shown) => {
    // A text the spec gives in English, unaccented or in voseo is read in Spanish: its spec words are the key.
    const text = specTextOf.get(shown) ?? shown;
    const fixedParts = text.split(/\{\w+\}/).filter((part) => part !== '');
    expect(fixedParts.length).toBeGreaterThan(0);
    for (const part of fixedParts) expect(spec).toContain(part);
  });

  it('has the default message of every rule of the first document table', () => {
    expect(Object.keys(VALIDATION_MESSAGES).sort()).toEqual(
      [
        'required',
        'email',
        'fakeEmail',
        'min',
        'max',
        'minLength',
        'maxLength',
        'number',
        'pattern',
        'sameAs',
        'notSameAs',
        'string',
        'url',
        'dateValid',
        'dateRange',
      ].sort(),
    );
    const sharedRows: Record<string, string> = {
      email: 'email, fakeEmail',
      fakeEmail: 'email, fakeEmail',
      sameAs: 'sameAs, notSameAs',
      notSameAs: 'sameAs, notSameAs',
    };
    for (const [rule, text] of Object.entries(VALIDATION_MESSAGES)) {
      expect(spec).toContain(`| ${sharedRows[rule] ?? rule} | ${specTextOf.get(text) ?? text} |`);
    }
  });

  it('product texts the spec lacks are kept apart and are not presented as spec texts', () => {
    for (const [, text] of textsOf(PRODUCT_MESSAGES, 'PRODUCT_MESSAGES')) {
      expect(specTexts.map(([, specText]) => specText)).not.toContain(text);
    }
  });
});

describe('formatMessage', () => {
  it('fills named placeholders', () => {
    expect(validationMessage('min', { min: 4 })).toBe('El valor mínimo es 4');
    expect(validationMessage('maxLength', { maxLength: 20 })).toBe('La longitud máxima es 20');
    expect(formatMessage(FIELD_MESSAGES.fileTooLarge, { n: 10 })).toBe('El archivo supera los 10 MB.');
    expect(formatMessage(FIELD_MESSAGES.emailSuggestion, { suggestion: 'juan@gmail.com' })).toBe(
      'Email no válido (Quizás quisiste decir: juan@gmail.com)',
    );
  });

  it('leaves a placeholder without a value as it is and a text without placeholders unchanged', () => {
    expect(formatMessage('Pagarás {amount}€ el {date}', { amount: '299,99' })).toBe('Pagarás 299,99€ el {date}');
    expect(validationMessage('required')).toBe('Campo obligatorio');
  });
});
