import { describe, expect, it } from 'vitest';
import { isStorableText } from '../../../src/shared/text.ts';

describe('isStorableText', () => {
  it('takes text without NUL or surrogates, and well-formed surrogate pairs', () => {
    for (const text of ['', 'Préstamo Rápido', '2026-11-22', 'ñ€ \t\n', '😀', 'a😀b😀']) {
      expect(isStorableText(text)).toBe(true);
    }
  });

  it('refuses a NUL and any lone surrogate, wherever it is', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud83d', 'a\ude00', '\ude00\ud83d', '😀\ud83d', 'x\ud83dy😀']) {
      expect(isStorableText(text)).toBe(false);
    }
  });
});
