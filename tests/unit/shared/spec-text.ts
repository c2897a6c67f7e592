import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The text of both specification documents, for the tests that check texts are copied verbatim. Looked up in
 * SPEC_DIR, then the team's shared folder beside the repository (`../shared/spec`), then the copy committed in
 * `tests/fixtures/spec` (a fresh clone on its own has only that one; spec-copy.test.ts keeps it equal to the
 * shared folder whenever both are there).
 */
export const SPEC_FILES = ['01-public-area-identity-shell.md', '02-loan-origination-servicing.md'] as const;

export const SHARED_SPEC_DIR = fileURLToPath(new URL('../../../../shared/spec/', import.meta.url));
export const SPEC_COPY_DIR = fileURLToPath(new URL('../../fixtures/spec/', import.meta.url));

const hasSpec = (directory: string) => SPEC_FILES.every((file) => existsSync(`${directory}/${file}`));

function specDirectory(): string {
  const candidates = [process.env.SPEC_DIR, SHARED_SPEC_DIR, SPEC_COPY_DIR].filter(
    (candidate): candidate is string => candidate !== undefined && candidate !== '',
  );
  const found = candidates.find(hasSpec);
  if (found === undefined) throw new Error(`The specification documents were not found in: ${candidates.join(', ')}`);
  return found;
}

export function readSpec(): { first: string; second: string; both: string } {
  const directory = specDirectory();
  const [first = '', second = ''] = SPEC_FILES.map((file) => readFileSync(`${directory}/${file}`, 'utf8'));
  return { first, second, both: `${first}\n${second}` };
}

export function sharedSpecIsPresent(): boolean {
  return hasSpec(SHARED_SPEC_DIR);
}
