import type { StaffRole } from '../../shared/api/roles.ts';

/** The back office's shell texts (docs/backoffice.md §6: one catalogue per part, peninsular Spanish, `tú`). */
export const SHELL_TEXTS = {
  skipToContent: 'Saltar al contenido',
  header: (brand: string) => `Panel de gestión · ${brand}`,
  staffLabel: 'Sesión iniciada',
  logout: 'Cerrar sesión',
  loggingOut: 'Cerrando sesión',
  checkingSession: 'Comprobando tu sesión…',
  retry: 'Reintentar',
  navLabel: 'Secciones',
} as const;

/** The sections of the navigation, in the order shown. */
export const NAV_TEXTS = {
  customers: 'Clientes',
  complaints: 'Reclamaciones',
  todos: 'Tareas',
  proposals: 'Propuestas',
  audit: 'Auditoría',
  staffUsers: 'Usuarios',
  portfolio: 'Cartera',
  impediments: 'Impedimentos',
  reconciliation: 'Conciliación',
  products: 'Productos',
  calendar: 'Calendario',
} as const;

/** The staff roles as the back office names them. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  cam: 'Agente',
  administrator: 'Administrador',
  alladmins: 'Superadministrador',
  collectioncompany: 'Empresa de recobro',
  system: 'Sistema',
};

/** The idle warning (docs/backoffice.md §6): two minutes before the server's 15 idle minutes end the session. */
export const IDLE_TEXTS = {
  title: 'Tu sesión caducará en 2 minutos por inactividad',
  body: 'Si no haces nada, cerraremos tu sesión y tendrás que volver a iniciarla.',
  stay: 'Seguir conectado',
  logout: 'Cerrar sesión',
} as const;
