/**
 * The before and after of the fields a staff write changes (docs/backoffice.md §3): only those whose value differs
 * from what is stored; null when none does (the write answers `NothingToChange`).
 */
export function changedFields<T extends Record<string, unknown>>(
  current: T,
  wanted: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const key of Object.keys(wanted) as (keyof T)[]) {
    const value = wanted[key];
    if (value === undefined || value === current[key]) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}
