// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withPlainSpaces, type SmsProvider } from '../../../src/server/providers/sms.ts';
import { formatMoney } from '../../../src/shared/money.ts';

describe('an SMS is sent with plain spaces (GSM-7 has no no-break space)', () => {
  it("turns the no-break space money writes before '€' into a space, and changes nothing else", async () => {
    const sent: [string, string, string][] = [];
    const provider: SmsProvider = {
      name: 'test',
      send: async (phone, text, purpose) => {
        sent.push([phone, text, purpose]);
        return { id: '1', provider: 'test' };
      },
    };
    const text = `Tu cuota de ${formatMoney(29_999)} vence el 30/12/2026.`;
    expect(text).toContain('299,99\u00a0€');
    await withPlainSpaces(provider).send('600000001', text, 'reminder');
    expect(sent).toEqual([['600000001', 'Tu cuota de 299,99 € vence el 30/12/2026.', 'reminder']]);
  });
});
