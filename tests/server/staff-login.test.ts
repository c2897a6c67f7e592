import { TOTP, URI } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../../src/shared/api/define.ts';
import { totpCode } from '../../src/server/auth/totp.ts';
import { createTestApp } from './helpers/app.ts';
import { login } from './helpers/customers.ts';
import { probeRoutes } from './helpers/probe.ts';
import { createStaff, STAFF_PASSWORD, staffSession, type TestStaff } from './helpers/staff.ts';

/**
 * The staff login (docs/backoffice.md §1) over HTTP: password, then TOTP (enrolment on the first login), replay and
 * wrong codes, the lockout after five failures, idle and absolute expiry on the fake clock, logout, the password
 * change, and staff and customer tokens that never open each other's calls.
 */

const t = await createTestApp({ rateLimit: false, extraRoutes: [probeRoutes], now: '2026-11-27T09:00:10Z' });
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

const errorOf = (response: { json(): unknown }) => errorResponseSchema.parse(response.json()).errors[0]!;

const passwordStep = (email: string, password = STAFF_PASSWORD) =>
  post('/api/membership/staff/login', { email, password });

async function challengeOf(staff: TestStaff): Promise<string> {
  const response = await passwordStep(staff.email);
  expect(response.statusCode).toBe(200);
  return response.json().data.challengeId as string;
}

const codeStep = (challengeId: string, code: string) => post('/api/membership/staff/totp', { challengeId, code });

const headersOf = (token: string, staff: { id: number; role: string }) => ({
  authorization: `Bearer ${token}`,
  'x-member-id': String(staff.id),
  'x-member-role': staff.role,
});

/** The clock at the start of the next 30-second step: a new code. */
const nextStep = () => t.clock.advance(30_000);

describe('the staff login: password, then the code of an authenticator app', () => {
  it('enrols an app on the first login: its URI, the secret to type, a QR code; its first code opens the session', async () => {
    const staff = await createStaff(t, { enrolled: false, email: 'Nueva.Agente@Test.Prestamo.Local'.toLowerCase() });
    const first = await passwordStep('  Nueva.Agente@test.prestamo.local ');
    expect(first.statusCode).toBe(200);
    const { step, challengeId, enrolment } = first.json().data;
    expect(step).toBe('enrol');
    const uri = new URL(enrolment.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Préstamo Rápido:${staff.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Préstamo Rápido');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    const secret = uri.searchParams.get('secret')!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.secret.replaceAll(' ', '')).toBe(secret);
    expect(enrolment.secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);

    // The code an authenticator app computes from the URI (otpauth's own parser, as an app would).
    const app = URI.parse(enrolment.otpauthUri);
    expect(app).toBeInstanceOf(TOTP);
    const code = app.generate({ timestamp: t.clock.now().getTime() });
    const opened = await codeStep(challengeId, code);
    expect(opened.statusCode).toBe(200);
    const session = opened.json().data;
    expect(session.token).toMatch(/^bo_[\w-]{43}$/);
    expect(session.idleSeconds).toBe(900);
    expect(session.expiresAt).toBe('2026-11-27T19:00:10.000Z');
    expect(session.staff).toEqual({
      id: staff.id,
      email: staff.email,
      fullName: 'Empleada de Prueba',
      role: 'cam',
      collectionCompanyId: null,
      mustChangePassword: false,
    });
    const me = await get('/api/membership/staff/me', headersOf(session.token, staff));
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(staff.id);

    // Enrolled: the next login asks for a code of the same secret, and shows it no more.
    nextStep();
    const second = await passwordStep(staff.email);
    expect(second.json().data).toMatchObject({ step: 'totp', enrolment: null });
    const again = await codeStep(second.json().data.challengeId, totpCode(secret, t.clock.now()));
    expect(again.statusCode).toBe(200);
  });

  it('accepts a code once: the same code again, even with a new password step, is refused; the next step’s works', async () => {
    nextStep();
    const staff = await createStaff(t);
    const code = staff.code();
    expect((await codeStep(await challengeOf(staff), code)).statusCode).toBe(200);
    const replay = await codeStep(await challengeOf(staff), code);
    expect(replay.statusCode).toBe(422);
    expect(errorOf(replay)).toMatchObject({
      code: { name: 'WrongTotpCode', value: 2002 },
      message: 'El código de verificación no es correcto o ya se ha usado. Espera al siguiente e inténtalo de nuevo.',
    });
    nextStep();
    expect((await codeStep(await challengeOf(staff), staff.code())).statusCode).toBe(200);
  });

  it('takes the previous and the next step’s code (one step of drift), not two steps away', async () => {
    nextStep();
    const staff = await createStaff(t);
    const now = t.clock.now().getTime();
    expect((await codeStep(await challengeOf(staff), staff.code(new Date(now - 30_000)))).statusCode).toBe(200);
    const far = await codeStep(await challengeOf(staff), staff.code(new Date(now + 61_000)));
    expect(errorOf(far).code.name).toBe('WrongTotpCode');
  });

  it('uses the challenge up with its session, and lets it expire after 5 minutes', async () => {
    nextStep();
    const staff = await createStaff(t);
    const challengeId = await challengeOf(staff);
    expect((await codeStep(challengeId, staff.code())).statusCode).toBe(200);
    nextStep();
    const used = await codeStep(challengeId, staff.code());
    expect(errorOf(used)).toMatchObject({ code: { name: 'ChallengeExpired', value: 2003 } });

    const late = await challengeOf(staff);
    t.clock.advance(5 * 60_000);
    expect(errorOf(await codeStep(late, staff.code())).code.name).toBe('ChallengeExpired');
    expect(errorOf(await codeStep('no-such-challenge', staff.code())).code.name).toBe('ChallengeExpired');
  });

  it('answers an unknown e-mail as a wrong password, and a disabled-free account keeps working', async () => {
    const staff = await createStaff(t);
    const unknown = await passwordStep('nadie@test.prestamo.local');
    const wrong = await passwordStep(staff.email, 'otra-contraseña-1');
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown)).toEqual(errorOf(wrong));
    expect(errorOf(unknown)).toMatchObject({
      code: { name: 'WrongCredentials', value: 2000 },
      message: 'El correo o la contraseña no son correctos.',
    });
  });

  it('locks the account at the fifth failure, passwords and codes counted together; a success resets the count', async () => {
    nextStep();
    const staff = await createStaff(t);
    for (let failure = 0; failure < 4; failure += 1) await passwordStep(staff.email, 'mal-mal-mal-mal');
    expect((await codeStep(await challengeOf(staff), staff.code())).statusCode).toBe(200);

    nextStep();
    for (let failure = 0; failure < 2; failure += 1) await passwordStep(staff.email, 'mal-mal-mal-mal');
    const challengeId = await challengeOf(staff);
    await codeStep(challengeId, '000000');
    await codeStep(challengeId, '111111');
    const fifth = await codeStep(challengeId, '222222');
    expect(fifth.statusCode).toBe(422);
    expect(errorOf(fifth)).toMatchObject({
      code: { name: 'StaffLocked', value: 2001 },
      message: 'Tu cuenta está bloqueada por demasiados intentos fallidos. Pide a un administrador que la desbloquee.',
    });
    expect(errorOf(await passwordStep(staff.email)).code.name).toBe('StaffLocked');
    expect(errorOf(await codeStep(challengeId, staff.code())).code.name).toBe('StaffLocked');
  });
});

describe('the staff session', () => {
  it('ends 15 minutes after the last call, and 10 hours after the login whatever the calls', async () => {
    const { staff, headers } = await staffSession(t, 'administrator');
    const me = () => get('/api/membership/staff/me', headers);
    // 42 calls 14 minutes apart: 9 h 48 min of work, never idle for 15 minutes.
    for (let call = 1; call <= 42; call += 1) {
      t.clock.advance(14 * 60_000);
      expect((await me()).statusCode, `call ${call}`).toBe(200);
    }
    t.clock.advance(14 * 60_000);
    expect((await me()).statusCode).toBe(401);
    expect(staff.role).toBe('administrator');

    const idle = await staffSession(t, 'cam');
    t.clock.advance(15 * 60_000);
    const answer = await get('/api/membership/staff/me', idle.headers);
    expect(answer.statusCode).toBe(401);
    expect(errorOf(answer).code).toEqual({ name: 'Unauthorized', value: 401 });
  });

  it('ends at logout', async () => {
    const { headers } = await staffSession(t, 'cam');
    expect((await post('/api/membership/staff/logout', undefined, headers)).statusCode).toBe(200);
    expect((await get('/api/membership/staff/me', headers)).statusCode).toBe(401);
  });

  it('answers 401 when X-Member-ID or X-Member-Role disagree with the session', async () => {
    const { staff, headers } = await staffSession(t, 'cam');
    expect(
      (await get('/api/membership/staff/me', { ...headers, 'x-member-id': String(staff.id + 1) })).statusCode,
    ).toBe(401);
    expect((await get('/api/membership/staff/me', { ...headers, 'x-member-role': 'administrator' })).statusCode).toBe(
      401,
    );
    const { 'x-member-role': _role, ...withoutRole } = headers;
    expect((await get('/api/membership/staff/me', withoutRole)).statusCode).toBe(200);
  });
});

describe('staff and customer tokens open only their own calls', () => {
  it('a staff token is refused by customer calls, a customer token by staff calls', async () => {
    const staff = await staffSession(t, 'administrator');
    const customer = await login(t, { status: 'securityChecked' });
    expect((await get('/api/membership/memberDetails', staff.headers)).statusCode).toBe(401);
    expect((await get('/api/test/me', { ...staff.headers, 'x-member-id': String(staff.staff.id) })).statusCode).toBe(
      401,
    );
    const asStaff = { ...customer.headers, 'x-member-role': 'administrator' };
    expect((await get('/api/membership/staff/me', customer.headers)).statusCode).toBe(401);
    expect((await get('/api/membership/staff/me', asStaff)).statusCode).toBe(401);
    expect((await get('/api/test/agents', asStaff)).statusCode).toBe(401);
    // The same token with the customer's own headers still works where it belongs.
    expect((await get('/api/membership/memberDetails', customer.headers)).statusCode).toBe(200);
  });

  it('a staff role outside the call’s list gets 403 in the spec’s shape; one inside it gets the answer', async () => {
    const agent = await staffSession(t, 'cam');
    expect((await get('/api/test/agents', agent.headers)).json()).toEqual({
      data: { staffId: agent.staff.id, role: 'cam' },
    });
    for (const role of ['collectioncompany', 'system'] as const) {
      const other = await staffSession(t, role);
      const refused = await get('/api/test/agents', other.headers);
      expect(refused.statusCode, role).toBe(403);
      expect(errorOf(refused)).toEqual({
        code: { name: 'Forbidden', value: 403 },
        title: 'Aviso',
        message: 'No tienes permiso para realizar esta operación.',
      });
    }
  });
});

describe('the password change', () => {
  it('is required before any other call when an administrator set the password, and ends the other sessions', async () => {
    const first = await staffSession(t, 'cam', { mustChangePassword: true });
    const required = await get('/api/test/agents', first.headers);
    expect(required.statusCode).toBe(403);
    expect(errorOf(required)).toMatchObject({
      code: { name: 'PasswordChangeRequired', value: 2004 },
      message: 'Antes de continuar tienes que cambiar tu contraseña.',
    });
    expect((await get('/api/membership/staff/me', first.headers)).json().data.mustChangePassword).toBe(true);

    const change = (body: object) => post('/api/membership/staff/changePassword', body, first.headers);
    expect(errorOf(await change({ currentPassword: 'no-es-esta', newPassword: 'Una-nueva-de-14' })).code.name).toBe(
      'WrongCurrentPassword',
    );
    expect(errorOf(await change({ currentPassword: STAFF_PASSWORD, newPassword: 'corta' })).code.name).toBe(
      'WeakPassword',
    );
    expect(errorOf(await change({ currentPassword: STAFF_PASSWORD, newPassword: STAFF_PASSWORD })).code.name).toBe(
      'WeakPassword',
    );

    const { issueStaffSession } = await import('../../src/server/auth/staff-sessions.ts');
    const other = await issueStaffSession(t, { id: first.staff.id, role: 'cam' });
    const otherHeaders = headersOf(other.token, first.staff);
    expect((await change({ currentPassword: STAFF_PASSWORD, newPassword: 'Una-nueva-de-14' })).statusCode).toBe(200);
    expect((await get('/api/test/agents', first.headers)).statusCode).toBe(200);
    expect((await get('/api/membership/staff/me', otherHeaders)).statusCode).toBe(401);

    nextStep();
    const relogin = await passwordStep(first.staff.email, 'Una-nueva-de-14');
    expect(relogin.statusCode).toBe(200);
    expect(errorOf(await passwordStep(first.staff.email)).code.name).toBe('WrongCredentials');
  });
});
