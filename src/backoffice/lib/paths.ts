/** The back office's pages (docs/backoffice.md §6), relative to its basename `/backoffice`: routes and links use these. */
export const PATHS = {
  login: '/login',
  customers: '/clientes',
  changePassword: '/cambiar-contrasena',
  complaints: '/reclamaciones',
  todos: '/tareas',
  callTiming: '/tareas/horario',
  proposals: '/propuestas',
  audit: '/auditoria',
  staffUsers: '/usuarios',
  reconciliation: '/conciliacion',
  products: '/productos',
  calendar: '/calendario',
  portfolio: '/cartera',
  impediments: '/impedimentos',
} as const;

/** A customer's file (`/clientes/:customerId/:tab?`); the first tab ('resumen') has no segment of its own. */
export const customerPath = (customerId: number, tab?: string): string =>
  tab && tab !== 'resumen' ? `${PATHS.customers}/${customerId}/${tab}` : `${PATHS.customers}/${customerId}`;

/** The query parameter of a page number in lists (`?pagina=2`). */
export const PAGE_PARAM = 'pagina';

/** A page number of the URL: a whole number from 1 to `max`, else 1. */
export function pageFromUrl(value: string | null, max: number): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= max ? page : 1;
}

/** The query parameter of the login page naming where to go after it (`/login?volver=/clientes`). */
export const RETURN_PARAM = 'volver';

/** The page to go to after login: `volver` when it is a page of the back office (never another site), else the search. */
export function returnTarget(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return PATHS.customers;
  if (value === PATHS.login || value.startsWith(`${PATHS.login}?`) || value.startsWith(`${PATHS.login}/`))
    return PATHS.customers;
  return value;
}

/** What the session guard leaves in the router state of the login page it sends to. */
export interface LoginNotice {
  notice: 'expired';
}

export const isLoginNotice = (state: unknown): state is LoginNotice =>
  typeof state === 'object' && state !== null && (state as { notice?: unknown }).notice === 'expired';
