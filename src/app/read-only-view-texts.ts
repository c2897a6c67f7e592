/**
 * Texts of a staff member's read-only view (src/lib/session/read-only-view.ts), apart from the shell's: only its
 * lazily loaded banner and page need them, never a customer's first load.
 */
export const READ_ONLY_VIEW_TEXTS = {
  banner: 'Vista de empleado: solo lectura',
  ended: 'La sesión del cliente ya no está abierta en esta pestaña. Ábrela de nuevo desde el panel de gestión.',
  expired: 'La vista de empleado ha caducado. Ábrela de nuevo desde el panel de gestión.',
  opening: 'Abriendo la vista de empleado…',
} as const;
