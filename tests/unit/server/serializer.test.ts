import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataEnvelope } from '../../../src/shared/api/define.ts';
import { serializerCompiler, validatedAnswer } from '../../../src/server/http/serializer.ts';

const item = z.object({ amount: z.number(), date: z.iso.date() });
const response = z.array(item);
const compile = (schema: z.ZodType) => serializerCompiler({ schema, method: 'POST', url: '/x', httpStatus: '200' });

describe('response serializer', () => {
  it('sends a validated answer as the bytes the zod serializer writes', () => {
    const answer = validatedAnswer(response, [{ amount: 2500, date: '2026-11-24' }]);
    const serialize = compile(dataEnvelope(response));
    const sent: unknown = serialize({ data: answer });
    // Kept as UTF-8 bytes, made once: every later send is the same Buffer.
    expect(Buffer.isBuffer(sent)).toBe(true);
    expect(serialize({ data: answer })).toBe(sent);
    expect(String(sent)).toBe(JSON.stringify({ data: [{ amount: 2500, date: '2026-11-24' }] }));
    expect(String(sent)).toBe(compile(dataEnvelope(response))({ data: [...answer] }));
  });

  it('refuses to keep an answer that does not match its schema', () => {
    expect(() => validatedAnswer(response, [{ amount: 'no', date: '2026-11-24' }] as never)).toThrow();
  });

  it('freezes a validated answer, so it cannot change after the check', () => {
    const answer = validatedAnswer(response, [{ amount: 1, date: '2026-11-24' }]);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer[0])).toBe(true);
  });

  it('still validates an answer checked against another schema', () => {
    const answer = validatedAnswer(z.array(z.object({ amount: z.number(), date: z.string() })), [
      { amount: 1, date: 'not a date' },
    ]);
    expect(() => compile(dataEnvelope(response))({ data: answer })).toThrow();
  });

  it('still validates answers that were not kept, and strips unknown fields as before', () => {
    const serialize = compile(dataEnvelope(response));
    expect(() => serialize({ data: [{ amount: 'x' }] })).toThrow();
    expect(serialize({ data: [{ amount: 1, date: '2026-11-24', extra: true }] })).toBe(
      '{"data":[{"amount":1,"date":"2026-11-24"}]}',
    );
  });
});
