import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { encryptTotpSecret } from '../../auth/totp.ts';
import type { Clock } from '../../clock.ts';
import { claimMarker, hasMarker } from '../app-secrets.ts';
import type { Database } from '../connect.ts';
import { collectionCompanies, customers, staffUsers } from '../schema/index.ts';
import {
  DEMO_COLLECTION_COMPANY,
  DEMO_COLLECTION_CUSTOMER_PHONE,
  DEMO_STAFF_MARKER,
  DEMO_STAFF_PASSWORD,
  demoStaff,
} from './demo-staff-accounts.ts';

/**
 * Seeds the sandbox's demo staff (./demo-staff-accounts.ts; docs/backoffice.md §1): an agent, two administrators (so one can approve what the other
 * proposes) and a collection company's user, whose company has demo customer 600000008 assigned. One password for
 * all; each has a fixed TOTP secret, enrolled already, so a demo login needs only an authenticator app (or the
 * current code on `/sandbox/staff`). Seeded once per sandbox database, with its own marker.
 */

export async function seedDemoStaff(db: Database, clock: Clock, totpKey: Uint8Array): Promise<{ seeded: boolean }> {
  if (await hasMarker(db, DEMO_STAFF_MARKER)) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  return db.transaction(async (tx) => {
    if (!(await claimMarker(tx, DEMO_STAFF_MARKER, clock.now().toISOString()))) return { seeded: false };
    const [company] = await tx.insert(collectionCompanies).values(DEMO_COLLECTION_COMPANY).returning();
    if (!company) throw new Error('demo collection company insert returned nothing');
    const now = clock.now();
    for (const staff of demoStaff) {
      await tx
        .insert(staffUsers)
        .values({
          email: staff.email,
          fullName: staff.fullName,
          role: staff.role,
          collectionCompanyId: staff.role === 'collectioncompany' ? company.id : null,
          passwordHash,
          mustChangePassword: false,
          totpSecretEnc: encryptTotpSecret(totpKey, staff.totpSecret),
          totpConfirmedAt: now,
        })
        .onConflictDoNothing({ target: staffUsers.email });
    }
    await tx
      .update(customers)
      .set({ collectionCompanyId: company.id })
      .where(eq(customers.phone, DEMO_COLLECTION_CUSTOMER_PHONE));
    return { seeded: true };
  });
}
