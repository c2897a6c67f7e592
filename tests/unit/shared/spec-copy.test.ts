// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_SPEC_DIR, SPEC_COPY_DIR, SPEC_FILES, sharedSpecIsPresent } from './spec-text.ts';

describe('the committed copy of the specification', () => {
  it.each(SPEC_FILES)(
    '%s is byte for byte the shared one (when the shared folder is beside the repository)',
    (file) => {
      const copy = readFileSync(`${SPEC_COPY_DIR}/${file}`, 'utf8');
      expect(copy.length).toBeGreaterThan(10_000);
      if (sharedSpecIsPresent()) expect(copy).toBe(readFileSync(`${SHARED_SPEC_DIR}/${file}`, 'utf8'));
    },
  );
});
