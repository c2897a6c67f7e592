import { NavLink } from 'react-router';
import { ADMINS, CAM_ADMINS, CAM_ADMINS_COLLECTION, type StaffRole } from '../../shared/api/roles.ts';
import { PATHS } from '../lib/paths.ts';
import { useStaffSession } from '../lib/use-staff-session.ts';
import { NAV_TEXTS, SHELL_TEXTS } from './texts.ts';

type Section = keyof typeof NAV_TEXTS;

/**
 * Who sees each section: the roles of the calls its page makes (the server refuses the rest with 403 anyway, so a
 * link a role cannot use is only noise). A collection company's user sees the customers assigned to their company.
 */
const SECTIONS: readonly { section: Section; path: string; roles: readonly StaffRole[] }[] = [
  { section: 'customers', path: PATHS.customers, roles: CAM_ADMINS_COLLECTION },
  { section: 'portfolio', path: PATHS.portfolio, roles: CAM_ADMINS_COLLECTION },
  { section: 'complaints', path: PATHS.complaints, roles: CAM_ADMINS },
  { section: 'todos', path: PATHS.todos, roles: CAM_ADMINS },
  { section: 'impediments', path: PATHS.impediments, roles: CAM_ADMINS },
  { section: 'reconciliation', path: PATHS.reconciliation, roles: CAM_ADMINS },
  { section: 'products', path: PATHS.products, roles: CAM_ADMINS },
  { section: 'calendar', path: PATHS.calendar, roles: CAM_ADMINS },
  { section: 'proposals', path: PATHS.proposals, roles: ADMINS },
  { section: 'audit', path: PATHS.audit, roles: ADMINS },
  { section: 'staffUsers', path: PATHS.staffUsers, roles: ADMINS },
];

/** The sections the logged-in staff member may open, once the server has confirmed the session. */
export function Nav({ sections }: { sections: readonly Section[] }) {
  const { session, confirmed } = useStaffSession();
  if (!session || !confirmed) return null;
  const shown = SECTIONS.filter(
    ({ section, roles }) => sections.includes(section) && roles.includes(session.staff.role),
  );
  if (shown.length < 2) return null;
  return (
    <nav className="bo-nav" aria-label={SHELL_TEXTS.navLabel}>
      <ul>
        {shown.map(({ section, path }) => (
          <li key={section}>
            {/* No `end`: 'Tareas' stays marked on its call hours page, /tareas/horario. */}
            <NavLink to={path}>{NAV_TEXTS[section]}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
