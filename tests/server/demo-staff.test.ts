import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCompanies, customers, staffUsers } from '../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../src/server/db/seed/seed.ts';
import { seedDemoStaff } from '../../src/server/db/seed/demo-staff.ts';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/server/db/seed/demo-staff-accounts.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * The sandbox's demo staff: seeded once per database after the demo customers, enrolled with their fixed TOTP
 * secrets, and able to log in with the codes `/sandbox/staff` shows — through the real staff calls.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
  // On a shared database an earlier run may have seeded already: the markers make both calls idempotent.
  await seedDemoData(t.db, t.clock);
  await seedDemoStaff(t.db, t.clock, t.secrets.staffTotpKey);
});
afterAll(() => t.close());

describe('the demo staff', () => {
  it('are seeded once: an agent, two administrators and a collection company’s user, whose company has 600000008', async () => {
    expect(await seedDemoStaff(t.db, t.clock, t.secrets.staffTotpKey)).toEqual({ seeded: false });
    const rows = await t.db.select().from(staffUsers);
    const seeded = demoStaff.map((member) => rows.find((row) => row.email === member.email));
    expect(seeded.map((row) => row?.role)).toEqual(['cam', 'administrator', 'administrator', 'collectioncompany']);
    expect(seeded.every((row) => row?.totpConfirmedAt && !row.mustChangePassword)).toBe(true);
    const company = seeded[3]!.collectionCompanyId!;
    const [companyRow] = await t.db.select().from(collectionCompanies).where(eq(collectionCompanies.id, company));
    expect(companyRow?.name).toBe('Recobros Demo S.L.');
    const [assigned] = await t.db.select().from(customers).where(eq(customers.phone, '600000008'));
    expect(assigned?.collectionCompanyId).toBe(company);
  });

  it('log in with the password and the code /sandbox/staff shows, as their role', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/staff' });
    expect(page.headers['cache-control']).toBe('no-store');
    const { staff, secondsLeft } = page.json().data;
    expect(secondsLeft).toBeGreaterThan(0);
    expect(secondsLeft).toBeLessThanOrEqual(30);
    for (const member of staff as { email: string; role: string; password: string; code: string }[]) {
      expect(member.password).toBe(DEMO_STAFF_PASSWORD);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/membership/staff/login',
        payload: { email: member.email, password: member.password },
      });
      expect(login.json().data).toMatchObject({ step: 'totp', enrolment: null });
      const session = await t.app.inject({
        method: 'POST',
        url: '/api/membership/staff/totp',
        payload: { challengeId: login.json().data.challengeId, code: member.code },
      });
      expect(session.statusCode, member.email).toBe(200);
      expect(session.json().data.staff).toMatchObject({ email: member.email, role: member.role });
    }
  });

  it('are listed on the sandbox page in Spanish, with their secrets for an authenticator app', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/staff', headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Empleados de demostración</h1>');
    expect(page.body).toContain('agente@demo.prestamo.local');
    expect(page.body).toContain('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  });
});
