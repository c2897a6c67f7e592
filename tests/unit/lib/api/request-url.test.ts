import { describe, expect, it } from 'vitest';
import { displayPath, joinUrl, requestPath } from '../../../../src/lib/api/request-url.ts';

describe('request URLs', () => {
  it('fills each :param encoded and leaves out absent query values', () => {
    expect(requestPath('/api/card/active/:cardId', { cardId: 7 })).toBe('/api/card/active/7');
    expect(requestPath('/api/x/:name/y', { name: 'a/b?c' }, { a: undefined, b: null, c: 'ñ' })).toBe(
      '/api/x/a%2Fb%3Fc/y?c=%C3%B1',
    );
  });

  it('refuses to send a call with a missing path parameter', () => {
    expect(() => requestPath('/api/loan/agreement/:loanId', {})).toThrow('Missing path parameter "loanId"');
  });

  it('the display form hides tokens, PINs, passwords and session ids but keeps ordinary ids', () => {
    expect(displayPath('/api/membership/loginWithRepayToken/:repayToken', { repayToken: 'abc' })).toBe(
      '/api/membership/loginWithRepayToken/:repayToken',
    );
    expect(displayPath('/api/bank/scrape', {}, { sessionId: 's-1', loanId: 4 })).toBe(
      '/api/bank/scrape?sessionId=***&loanId=4',
    );
    expect(displayPath('/api/loan/agreement/:loanId', { loanId: 12 })).toBe('/api/loan/agreement/12');
  });

  it('joins the base URL without doubling the slash', () => {
    expect(joinUrl('', '/api/x')).toBe('/api/x');
    expect(joinUrl('https://api.example.com/', '/api/x')).toBe('https://api.example.com/api/x');
  });
});
