// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canPreviewImage,
  cardProofSchema,
  fileRuleError,
  makeFileSchema,
} from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('file rules', () => {
  it("refuses a type outside the accept list with 'Este tipo de archivo no está permitido.'", () => {
    expect(fileRuleError(file('virus.exe'), { accept: ['pdf', 'image/*'] })).toBe(
      'Este tipo de archivo no está permitido.',
    );
    expect(fileRuleError(file('noextension'), { accept: ['pdf'] })).toBe('Este tipo de archivo no está permitido.');
  });

  it('accepts listed extensions in any case and any image by MIME type', () => {
    expect(fileRuleError(file('DNI.PDF'), { accept: ['pdf'] })).toBeUndefined();
    expect(fileRuleError(file('photo.heic', 10, 'image/heic'), { accept: ['pdf', 'image/*'] })).toBeUndefined();
    expect(fileRuleError(file('scan.docx'), { accept: ['.docx'] })).toBeUndefined();
  });

  it('limits the size to 10,000,000 bytes by default, telling the limit in megabytes', () => {
    expect(fileRuleError(file('a.pdf', 10_000_000))).toBeUndefined();
    expect(fileRuleError(file('a.pdf', 10_000_001))).toBe('El archivo supera los 10 MB.');
    expect(fileRuleError(file('a.pdf', 3_000_001), { maxBytes: 3_000_000 })).toBe('El archivo supera los 3 MB.');
  });

  it('previews only jpg, jpeg, gif, png and svg', () => {
    expect(['a.jpg', 'a.JPEG', 'a.gif', 'a.png', 'a.svg'].every(canPreviewImage)).toBe(true);
    expect(['a.pdf', 'a.webp', 'a.docx'].some(canPreviewImage)).toBe(false);
  });

  it('a required file field without a file says so', () => {
    expect(firstMessage(makeFileSchema(), undefined)).toBe('Campo obligatorio');
    expect(firstMessage(makeFileSchema(), null)).toBe('Campo obligatorio');
  });
});

describe('card proof upload', () => {
  it("needs a card and a document: 'No has subido ningún documento.'", () => {
    expect(firstMessage(cardProofSchema, { cardId: 12 }, 'doc')).toBe('No has subido ningún documento.');
    expect(firstMessage(cardProofSchema, { doc: file('card.jpg') }, 'cardId')).toBe('Campo obligatorio');
    expect(firstMessage(cardProofSchema, { cardId: '', doc: file('card.jpg') }, 'cardId')).toBe('Campo obligatorio');
  });

  it('accepts jpg, png, jpeg, gif, pdf, doc, docx and any image up to 10 MB', () => {
    for (const name of ['c.jpg', 'c.png', 'c.jpeg', 'c.gif', 'c.pdf', 'c.doc', 'c.docx']) {
      expect(cardProofSchema.safeParse({ cardId: 12, doc: file(name) }).success).toBe(true);
    }
    expect(cardProofSchema.safeParse({ cardId: '12', doc: file('c.webp', 1, 'image/webp') }).success).toBe(true);
    expect(firstMessage(cardProofSchema, { cardId: 12, doc: file('c.zip') }, 'doc')).toBe(
      'Este tipo de archivo no está permitido.',
    );
    expect(firstMessage(cardProofSchema, { cardId: 12, doc: file('c.pdf', 20_000_000) }, 'doc')).toBe(
      'El archivo supera los 10 MB.',
    );
  });
});
