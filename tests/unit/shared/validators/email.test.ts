// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  makeEmailSchema,
  plainEmailSchema,
  suggestEmail,
  updateEmailSchema,
} from '../../../../src/shared/validators/index.ts';
import { firstMessage } from './helpers.ts';

describe('suggestEmail', () => {
  it.each([
    ['juan@gmial.com', 'juan@gmail.com'],
    ['juan@hotmial.es', 'juan@hotmail.es'],
    ['juan@yahoo.con', 'juan@yahoo.com'],
    ['juan@outlok.com', 'juan@outlook.com'],
  ])('suggests a correction of the misspelt domain in %s', (email, suggestion) => {
    expect(suggestEmail(email)).toBe(suggestion);
  });

  it('collapses consecutive dots and offers the result', () => {
    expect(suggestEmail('a..b@x.com')).toBe('a.b@x.com');
    expect(suggestEmail('ana@correo...es')).toBe('ana@correo.es');
  });

  it.each([
    'juan@gmail.com',
    'juan@hotmail.es',
    'ana@telefonica.net',
    'ana@movistar.es',
    'ana@proton.me',
    'Juan@Gmail.com',
    'ana@empresa.es',
  ])('suggests nothing for the well-spelt %s', (email) => {
    expect(suggestEmail(email)).toBeUndefined();
  });
});

describe('signup e-mail', () => {
  it('rejects a likely typo with the suggestion in the message', () => {
    expect(firstMessage(emailSchema, 'juan@gmial.com')).toBe('Email no válido (Quizás quisiste decir: juan@gmail.com)');
    expect(firstMessage(emailSchema, 'a..b@x.com')).toBe('Email no válido (Quizás quisiste decir: a.b@x.com)');
  });

  it("rejects a malformed address with 'Email no válido'", () => {
    for (const email of ['juan', 'juan@', '@gmail.com', 'juan gomez@gmail.com', 'juan@empresa']) {
      expect(firstMessage(emailSchema, email)).toBe('Email no válido');
    }
    // A known provider without its top-level domain gets the completed address as the suggestion.
    expect(firstMessage(emailSchema, 'juan@gmail')).toBe('Email no válido (Quizás quisiste decir: juan@gmail.com)');
  });

  it('accepts a valid address, trimmed', () => {
    expect(emailSchema.parse(' juan.perez+web@gmail.com ')).toBe('juan.perez+web@gmail.com');
  });

  it('is required', () => {
    expect(firstMessage(emailSchema, '')).toBe('Campo obligatorio');
  });

  it('accepts an address the customer confirmed as typed, but still checks its format', () => {
    const schema = makeEmailSchema({ acceptAsTyped: ['Ana@X.com'] });
    expect(firstMessage(emailSchema, 'ana@x.com')).toMatch(/^Email no válido \(Quizás quisiste decir: /);
    expect(schema.parse('ana@x.com')).toBe('ana@x.com');
    expect(firstMessage(makeEmailSchema({ acceptAsTyped: ['ana@x'] }), 'ana@x')).toBe('Email no válido');
  });
});

describe('update-email form', () => {
  it("requires emailAddress and a valid address, 'Email no válido' otherwise", () => {
    expect(firstMessage(updateEmailSchema, { emailAddress: '' }, 'emailAddress')).toBe('Campo obligatorio');
    expect(firstMessage(updateEmailSchema, {}, 'emailAddress')).toBe('Campo obligatorio');
    expect(firstMessage(updateEmailSchema, { emailAddress: 'ana@' }, 'emailAddress')).toBe('Email no válido');
    expect(updateEmailSchema.parse({ emailAddress: 'ana@empresa.es' })).toEqual({ emailAddress: 'ana@empresa.es' });
    expect(firstMessage(plainEmailSchema, 'a..b@x.com')).toBe('Email no válido');
  });
});

describe('text a library cannot take', () => {
  it('gives no suggestion (and does not throw) for a lone surrogate or a NUL, and the format check refuses it', () => {
    for (const email of ['ana@gmial.com\ud800', 'ana\udc00@gmial.com', 'ana@gmial.com\u0000']) {
      expect(suggestEmail(email)).toBeUndefined();
      expect(firstMessage(emailSchema, email)).toBe('Email no válido');
    }
  });
});
