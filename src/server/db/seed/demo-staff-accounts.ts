import type { StaffRole } from '../../../shared/api/roles.ts';

/**
 * The sandbox's demo staff: an agent, two administrators (so one can approve what the other proposes) and a
 * collection company's user, whose company has demo customer 600000008 assigned. One password for all; each has a
 * fixed TOTP secret, enrolled already, so a demo login needs an authenticator app with the secret (or the current
 * code on `/sandbox/staff`). Constants only: the start prints them without loading the seed (./demo-staff.ts).
 */

export const DEMO_STAFF_MARKER = 'seed:demo-staff:v1';
export const DEMO_STAFF_PASSWORD = 'Demo-Backoffice-1';
export const DEMO_COLLECTION_COMPANY = { name: 'Recobros Demo S.L.', cif: 'B12345674' } as const;
/** The demo customer the demo collection company works on. */
export const DEMO_COLLECTION_CUSTOMER_PHONE = '600000008';

export interface DemoStaff {
  email: string;
  fullName: string;
  role: StaffRole;
  /** Base32, 160 bits: the demo's only, never a real secret. */
  totpSecret: string;
}

export const demoStaff: readonly DemoStaff[] = [
  {
    email: 'agente@demo.prestamo.local',
    fullName: 'Lucía Agente Demo',
    role: 'cam',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  {
    email: 'admin@demo.prestamo.local',
    fullName: 'Marta Administradora Demo',
    role: 'administrator',
    totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
  },
  {
    email: 'admin2@demo.prestamo.local',
    fullName: 'Javier Administrador Demo',
    role: 'administrator',
    totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
  },
  {
    email: 'cobros@demo.prestamo.local',
    fullName: 'Andrés Recobros Demo',
    role: 'collectioncompany',
    totpSecret: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U',
  },
];

export const demoStaffLogins = demoStaff.map(({ email, role }) => ({ email, role, password: DEMO_STAFF_PASSWORD }));
