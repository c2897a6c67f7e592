import { eq } from 'drizzle-orm';
import type { Executor } from './connect.ts';
import { appSecrets } from './schema/index.ts';

/**
 * Read the secret `name`, creating it with `create()` when absent. Safe with several instances starting at once:
 * the first insert wins and everyone reads the stored value.
 */
export async function getOrCreateSecret(
  db: Executor,
  name: string,
  create: () => string | Promise<string>,
): Promise<string> {
  const [existing] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (existing) return existing.value;
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [stored] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!stored) throw new Error(`Secret ${name} could not be stored`);
  return stored.value;
}

/** Record a one-off marker (e.g. "demo data seeded"); true only for the caller that created it. */
export async function claimMarker(db: Executor, name: string, value: string): Promise<boolean> {
  const inserted = await db
    .insert(appSecrets)
    .values({ name, value })
    .onConflictDoNothing()
    .returning({ name: appSecrets.name });
  return inserted.length > 0;
}

export async function hasMarker(db: Executor, name: string): Promise<boolean> {
  return (await markerValue(db, name)) !== null;
}

/** The value a marker was claimed with (e.g. the seeding instant), or null when it was never claimed. */
export async function markerValue(db: Executor, name: string): Promise<string | null> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value ?? null;
}
