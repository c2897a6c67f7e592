// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SPEC_SPANISH } from '../../../src/shared/spanish.ts';
import { readSpec } from './spec-text.ts';

/**
 * Spanish everywhere a customer reads (ARCHITECTURE §7, docs/app.md "Spanish everywhere"): every message catalogue of
 * the app and the server — the shared catalogues, the error codes, each feature's and module's texts — is walked, and a
 * text fails on an English word, a voseo form or a Spanish word written without its accent from the lists below.
 */
const catalogues = import.meta.glob(
  [
    '../../../src/shared/messages*.ts',
    '../../../src/shared/validation-messages.ts',
    '../../../src/shared/api/*error-codes.ts',
    '../../../src/**/texts.ts',
    '../../../src/**/*-texts.ts',
    '../../../src/lib/ui/ui-texts.ts',
  ],
  { eager: true },
);

/** Every string of a module's exports, with its dotted name (functions are not texts). */
function textsOf(value: unknown, name: string, seen = new Set<unknown>()): [string, string][] {
  if (typeof value === 'string') return [[name, value]];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, inner]) => textsOf(inner, `${name}.${key}`, seen));
}

/**
 * What no customer reads: the activity log's values (the spec's, sent to the server's log) and file names (ASCII
 * slugs by design: `PrestamoRapido-42-contrato-de-prestamo.pdf`).
 */
const notRead = (name: string, text: string) => name.includes('.LOG_TEXTS.') || /^[\w-]+\.pdf$/.test(text);

const texts = Object.entries(catalogues)
  .flatMap(([file, module]) => textsOf(module, file.replace('../../../src/', '')))
  .filter(([name, text]) => !notRead(name, text));

/** English words that must not reach a customer (whole words, case-sensitive where Spanish shares the spelling). */
const ENGLISH =
  /\b(About|Success|Warning|Info|Processing|Technical|Timeout|Request|Please|Invalid|File size|exceeds|Could not|logged out|[Cc]redentials|Authorization|Unauthorized|Forbidden|Submit|SUBMIT|Loading|Cancel|Close|Retry|Next|Back|Save|Send|Error:|Not found|not found|Connection)\b/;
/** Voseo (the spec's Latin-American imperatives and present forms). */
const VOSEO =
  /\b(ingresá|completá|seleccioná|confirmá|revisá|intentá|volvé|tocá|llamá|pagá|elegí|escribí|verificá|aceptá|registrate|hacé|tenés|podés|querés|sabés|sos)\b/i;
/** Spanish words the spec writes without their accent. */
const UNACCENTED =
  /\b(Sesion|sesion|Prestamos?|prestamos?|Gestion|gestion|Area|Exito|exito|Attencione|pagina|telefono|numero|credito|codigo|informacion|direccion|contrasena|electronico|valido|valida|LIMITE|Limite|limite)\b|^Como funciona|^Si$|;$/;

describe('Spanish everywhere a customer reads', () => {
  it('walks every catalogue (the list is not empty by mistake)', () => {
    expect(Object.keys(catalogues).length).toBeGreaterThanOrEqual(20);
    expect(texts.length).toBeGreaterThan(600);
  });

  it.each(texts)('%s is peninsular Spanish with its accents', (_name, text) => {
    expect(text).not.toMatch(ENGLISH);
    expect(text).not.toMatch(VOSEO);
    expect(text).not.toMatch(UNACCENTED);
  });

  it("every correction stands for the spec's own words, and is itself clean", () => {
    const spec = readSpec().both;
    for (const [specText, shown] of Object.entries(SPEC_SPANISH)) {
      for (const part of specText.split(/\{\w+\}/).filter(Boolean)) expect(spec, specText).toContain(part);
      expect(shown).not.toMatch(ENGLISH);
      expect(shown).not.toMatch(VOSEO);
      expect(shown).not.toMatch(UNACCENTED);
    }
  });
});
