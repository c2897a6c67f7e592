import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, calendarDays } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { codeOf, dataOf, expectForbidden, send } from './helpers/customer-file.ts';
import { errorsOf } from './helpers/membership-login.ts';
import { borrower, errorName, FIRST_DATE, NOW, requestBody, requestLoan } from './helpers/loan-request.ts';
import { staffSession, type StaffLoggedIn } from './helpers/staff.ts';

/**
 * The lender's calendar (docs/rules/loan-request.md "The lender's calendar"; issue 27 «Loans»): staff add a holiday of the lender or a freeze
 * day from today on; a holiday and a freeze day are not repayment dates (HolidaysGet, the loan request's first
 * repayment date); a complaint's legal deadline still counts the national holidays only; each change is audited.
 * Its own database: the calendar is every test's. The reminders on a freeze day: push-reminders.test.ts.
 */

let t: TestApp;
let agent: StaffLoggedIn;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false, now: NOW, ownDatabase: true });
  agent = await staffSession(t, 'cam');
});
afterAll(() => t.close());

interface Day {
  id: number;
  day: string;
  kind: string;
  name: string;
  createdBy: { id: number } | null;
}

const add = (path: 'holliday' | 'freezeDay', day: string, name = 'Fiesta local de Madrid') =>
  send(t, 'POST', `/api/loan/${path}`, agent, { day, name, reason: 'Calendario de 2026 aprobado' });
const remove = (path: 'holliday' | 'freezeDay', id: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/loan/${path}/${id}`,
    headers: agent.headers,
    payload: { reason: 'Se abre la oficina' },
  });
const publicHolidays = async () => (await t.app.inject({ url: '/api/loan/hollidays' })).json().data as string[];

describe('the lender’s calendar', () => {
  it('lists the national holidays of this year and next, and the days added', async () => {
    const calendar = dataOf(await send(t, 'GET', '/api/loan/calendarDays', agent)) as {
      national: string[];
      days: Day[];
    };
    expect(calendar.national).toContain('2026-12-08');
    expect(calendar.national).toContain('2027-01-01');
    expect(calendar.days).toEqual([]);
  });

  it('a holiday of the lender is no repayment date; removed, it is again; audited', async () => {
    const who = await borrower(t);
    const holiday = dataOf(await add('holliday', FIRST_DATE)) as Day;
    expect(holiday).toMatchObject({ day: FIRST_DATE, kind: 'holiday', createdBy: { id: agent.staff.id } });
    expect(await publicHolidays()).toContain(FIRST_DATE);
    expect(errorName(await requestLoan(t, who, requestBody(who)))).toBe('InvalidFirstRepaymentDate');

    expect(codeOf(await add('holliday', FIRST_DATE))).toBe('CalendarDayExists');
    // A national holiday is one already.
    expect(codeOf(await add('holliday', '2026-12-08'))).toBe('CalendarDayExists');
    // Another kind's id is not found.
    expect(errorsOf(await remove('freezeDay', holiday.id), 404)[0]!.code.name).toBe('CalendarDayNotFound');

    expect((await remove('holliday', holiday.id)).json()).toEqual({ data: { removed: true } });
    expect(await publicHolidays()).not.toContain(FIRST_DATE);
    expect((await requestLoan(t, who, requestBody(who))).statusCode).toBe(200);

    const records = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityType, 'calendarDay'), eq(auditRecords.entityId, String(holiday.id))));
    expect(records.map((record) => [record.callName, record.before, record.after])).toEqual([
      ['HolidayPost', null, { day: FIRST_DATE, kind: 'holiday', name: 'Fiesta local de Madrid' }],
      ['HolidayDelete', { day: FIRST_DATE, kind: 'holiday', name: 'Fiesta local de Madrid' }, null],
    ]);
  });

  it('a freeze day is no repayment date either; the days of the past are neither added nor removed', async () => {
    const freeze = dataOf(await add('freezeDay', '2026-12-02', 'Migración del sistema de pagos')) as Day;
    expect(freeze.kind).toBe('freeze');
    expect(await publicHolidays()).toContain('2026-12-02');
    expect(codeOf(await add('freezeDay', '2026-11-23'))).toBe('CalendarDayPast');
    await t.db.insert(calendarDays).values({ day: '2026-11-20', kind: 'freeze', name: 'Pasado' });
    const [past] = await t.db.select().from(calendarDays).where(eq(calendarDays.day, '2026-11-20'));
    expect(codeOf(await remove('freezeDay', past!.id))).toBe('CalendarDayPast');
    expect(
      (await send(t, 'POST', '/api/loan/freezeDay', agent, { day: '2026-12-03', name: 'x', reason: 'Motivo' }))
        .statusCode,
    ).toBe(400);
  });

  it('is for agents and administrators: a collection company and a customer are refused', async () => {
    const company = await staffSession(t, 'collectioncompany');
    expectForbidden(await send(t, 'GET', '/api/loan/calendarDays', company));
    expectForbidden(
      await send(t, 'POST', '/api/loan/holliday', company, { day: '2026-12-04', name: 'Fiesta', reason: 'Motivo' }),
    );
  });
});
