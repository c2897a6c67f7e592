import { describe, expect, it } from 'vitest';
import { originOf, outcomeOf, widgetEventOf } from '../../../../../src/features/payment/transfer/widget-events.ts';

/** The direct transfer widget's messages: which are the widget's, and what each event means (§4, architecture §7). */

const ORIGIN = 'https://app.example';
const message = (data: unknown, origin = ORIGIN) => ({ data, origin });

describe('widget messages', () => {
  it('takes a JSON string or an object mentioning unnax from the widget origin', () => {
    const json = '{"source":"unnax","event":"payment","status":"success","orderId":"7"}';
    expect(widgetEventOf(message(json), ORIGIN)).toEqual({ event: 'payment', status: 'success', orderId: '7' });
    expect(widgetEventOf(message({ source: 'UNNAX', event: 'bank_login', status: null }), ORIGIN)).toEqual({
      event: 'bank_login',
      status: null,
    });
  });

  it('ignores another origin, no widget origin, no mention of unnax, text that is not JSON, and no event', () => {
    const json = '{"source":"unnax","event":"payment","status":"success"}';
    expect(widgetEventOf(message(json, 'https://evil.example'), ORIGIN)).toBeUndefined();
    expect(widgetEventOf(message(json, ''), '')).toBeUndefined();
    expect(widgetEventOf(message('{"source":"tink","event":"payment","status":"success"}'), ORIGIN)).toBeUndefined();
    expect(widgetEventOf(message('unnax ready'), ORIGIN)).toBeUndefined();
    expect(widgetEventOf(message({ source: 'unnax' }), ORIGIN)).toBeUndefined();
    const circular: Record<string, unknown> = { source: 'unnax' };
    circular.self = circular;
    expect(widgetEventOf(message(circular), ORIGIN)).toBeUndefined();
  });

  it('maps the §4 events: payment by its status, user_blocked fails, consents_denied closes, bank_login stays', () => {
    expect(outcomeOf({ event: 'payment', status: 'success' })).toBe('paid');
    expect(outcomeOf({ event: 'payment', status: 'failure' })).toBe('failed');
    expect(outcomeOf({ event: 'payment', status: null })).toBe('stay');
    expect(outcomeOf({ event: 'user_blocked', status: null })).toBe('blocked');
    expect(outcomeOf({ event: 'consents_denied', status: null })).toBe('closed');
    expect(outcomeOf({ event: 'bank_login', status: null })).toBe('stay');
    expect(outcomeOf({ event: 'something_else' })).toBe('stay');
  });

  it('the origin of a widget URL, or nothing for what is not a URL', () => {
    expect(originOf('http://localhost:8080/sandbox/direct-transfer/widget?order=1')).toBe('http://localhost:8080');
    expect(originOf('not a url')).toBe('');
  });
});
