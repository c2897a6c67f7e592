import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLLOVER_CHARGE_LABEL, ROLLOVER_CHARGE_NAME } from '../../../src/shared/payment-statuses.ts';

/**
 * The rollover's charge has one name wherever a customer reads it («intereses de prórroga»: the instalment's
 * interest, which the contract prices), never a fee: the contract says there is none.
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|html|md)$/.test(entry.name) ? [path] : [];
  });
}

/** Every Markdown file under `dir`, recursively: the README's reference (business rules included) lives in docs/. */
function markdown(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdown(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

describe('the rollover charge', () => {
  it('is named «intereses de prórroga», the same word as a label', () => {
    expect(ROLLOVER_CHARGE_NAME).toBe('intereses de prórroga');
    expect(ROLLOVER_CHARGE_LABEL.toLowerCase()).toBe(ROLLOVER_CHARGE_NAME);
  });

  it('is never called a fee (comisión) in any text of the app, the server, the README or docs/', () => {
    const documentation = ['README.md', ...markdown('docs')];
    expect(documentation).toContain('docs/rules/payments.md');
    const offending = [...sources('src'), ...documentation].filter((file) =>
      /comisi[oó]n de pr[oó]rroga/i.test(readFileSync(file, 'utf8')),
    );
    expect(offending).toEqual([]);
  });
});
