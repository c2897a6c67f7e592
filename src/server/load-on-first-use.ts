/**
 * A module the server loads on first use instead of at start (a library only some requests or jobs need: pdfkit
 * for the agreement PDF, web-push for reminders): `const loadPdfKit = loadOnFirstUse(() => import('pdfkit'))`.
 * One load shared by concurrent first users; a failed load is tried again by the next one.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
