import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The text of both specification documents, for the tests that check texts are copied verbatim. Looked up in
 * SPEC_DIR, then `docs/spec` and `spec` in the repository, then the shared folder beside the repository.
 */
const SPEC_FILES = ['01-public-area-identity-shell.md', '02-loan-origination-servicing.md'];

function specDirectory(): string {
  const candidates = [
    process.env.SPEC_DIR,
    fileURLToPath(new URL('../../../docs/spec/', import.meta.url)),
    fileURLToPath(new URL('../../../spec/', import.meta.url)),
    fileURLToPath(new URL('../../../../shared/spec/', import.meta.url)),
  ].filter((candidate): candidate is string => candidate !== undefined && candidate !== '');
  const found = candidates.find((directory) => SPEC_FILES.every((file) => existsSync(`${directory}/${file}`)));
  if (found === undefined) throw new Error(`The specification documents were not found in: ${candidates.join(', ')}`);
  return found;
}

export function readSpec(): { first: string; second: string; both: string } {
  const directory = specDirectory();
  const [first = '', second = ''] = SPEC_FILES.map((file) => readFileSync(`${directory}/${file}`, 'utf8'));
  return { first, second, both: `${first}\n${second}` };
}
