import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../../../src/features/auth/login/redirect-target.ts';

/** The redirectTo of the login page: only a path of this app (open-redirect protection). */

const ORIGIN = 'https://app.prestamorapido.example';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/account?tab=datos', '/account?tab=datos'],
    ['/payment/pay/installment/7/70?paymentOption=card', '/payment/pay/installment/7/70?paymentOption=card'],
    ['/loan-request#resumen', '/loan-request#resumen'],
    ['/como-funciona', '/como-funciona'],
  ])('keeps the app path %s', (raw, expected) => {
    expect(safeRedirectPath(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    ['an absolute URL to another site', 'https://evil.example/dashboard'],
    ['an absolute URL to this very origin', `${ORIGIN}/dashboard`],
    ['a protocol-relative URL', '//evil.example/dashboard'],
    ['a backslash form browsers read as //', '/\\evil.example'],
    ['a tab that the URL parser would drop', '/\t/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['an empty value', ''],
    ['the login page itself', '/login?redirectTo=/dashboard'],
    ['the legacy login path', '/iniciar-sesion'],
    ['the register page', '/registro/datos-personales'],
    ['the reset page', '/login/reset-password?phone=600000001&pin=1234'],
    ['an unknown page', '/esto-no-existe'],
  ])('refuses %s', (_label, raw) => {
    expect(safeRedirectPath(raw, ORIGIN)).toBeUndefined();
  });

  it('refuses a missing value', () => {
    expect(safeRedirectPath(null, ORIGIN)).toBeUndefined();
    expect(safeRedirectPath(undefined, ORIGIN)).toBeUndefined();
  });
});
