import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { STAFF_ROLES, type StaffRole } from '../../../shared/api/roles.ts';
import { CollectionCompaniesGet, PanelUsersGet, staffUserStatuses, type StaffUser } from '../../../shared/api/staff.ts';
import { ROLE_LABELS } from '../../app/texts.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { Notice } from '../../lib/Notice.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { SelectField } from '../../lib/SelectField.tsx';
import { PAGE_PARAM, pageFromUrl, PATHS } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { CreateUserButton, UserActions, type Done } from './StaffUserDialogs.tsx';
import { STAFF_USERS_TEXTS as T } from './texts.ts';

type Status = (typeof staffUserStatuses)[number];

/** The filters as the URL keeps them (`/usuarios?rol=cam&estado=locked&buscar=lucia`). */
const PARAMS = { q: 'buscar', role: 'rol', status: 'estado' } as const;
interface Filters {
  q: string;
  role: StaffRole | '';
  status: Status | '';
}

function filtersOf(params: URLSearchParams): Filters {
  const role = params.get(PARAMS.role) ?? '';
  const status = params.get(PARAMS.status) ?? '';
  return {
    q: (params.get(PARAMS.q) ?? '').trim().slice(0, 100),
    role: (STAFF_ROLES as readonly string[]).includes(role) ? (role as StaffRole) : '',
    status: (staffUserStatuses as readonly string[]).includes(status) ? (status as Status) : '',
  };
}

const statusOf = (user: StaffUser): Status => (user.disabled ? 'disabled' : user.locked ? 'locked' : 'active');

/** What a write left to say: its notice, and the temporary password it answered (shown once). */
interface Outcome {
  notice: string;
  password: { name: string; value: string } | null;
}

/**
 * `/usuarios` (administrators): the staff accounts by name (`PanelUsersGet`), filtered by a piece of the e-mail or
 * name, the role and the status, paged; a new account, and per account its change, unlock and password reset
 * (`PanelUserPost`, `PanelUserPut`, `ResetCamPasswordPost`), each in its dialog with the audit reason. A temporary
 * password is shown once, above the list, until the administrator says it is handed over.
 */
export function StaffUsersPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const [draft, setDraft] = useState<Filters>(filters);
  const [version, setVersion] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const mayRead = useMayCall(PanelUsersGet);

  const users = useLoad(mayRead ? JSON.stringify([filters, page, version]) : null, () =>
    call(PanelUsersGet, {
      query: {
        ...(filters.q ? { q: filters.q } : {}),
        ...(filters.role ? { role: filters.role } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        page,
        pageSize: DEFAULT_PAGE_SIZE,
      },
    }),
  );
  const companies = useLoad(mayRead ? 'companies' : null, () => call(CollectionCompaniesGet, {}));
  const companyList = companies.status === 'done' ? companies.data : [];

  // Only administrators manage accounts; anyone else goes to the search, as the menu shows them no link here.
  if (!mayRead) return <Navigate to={PATHS.customers} replace />;

  const go = (next: Filters, nextPage: number) => {
    const query: Record<string, string> = {};
    if (next.q) query[PARAMS.q] = next.q;
    if (next.role) query[PARAMS.role] = next.role;
    if (next.status) query[PARAMS.status] = next.status;
    if (nextPage > 1) query[PAGE_PARAM] = String(nextPage);
    setParams(query);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...draft, q: draft.q.trim() }, 1);
  };
  const done: Done = (notice, password = null) => {
    setOutcome({ notice, password });
    setVersion((count) => count + 1);
  };

  return (
    <>
      <h1>{T.heading}</h1>
      <p>{T.intro}</p>
      <div className="bo-actions">
        <CreateUserButton companies={companyList} onDone={done} />
      </div>
      {outcome && <OutcomeNotice outcome={outcome} onClose={() => setOutcome(null)} />}
      <form className="bo-filters" aria-label={T.filters} noValidate onSubmit={submit}>
        <div className="bo-field">
          <label htmlFor="users-q">{T.search}</label>
          <input
            id="users-q"
            name={PARAMS.q}
            type="search"
            maxLength={100}
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </div>
        <SelectField
          label={T.role}
          name={PARAMS.role}
          value={draft.role}
          options={STAFF_ROLES.map((role) => [role, ROLE_LABELS[role]] as const)}
          emptyLabel={T.anyRole}
          onChange={(role) => setDraft({ ...draft, role: STAFF_ROLES.find((known) => known === role) ?? '' })}
        />
        <SelectField
          label={T.status}
          name={PARAMS.status}
          value={draft.status}
          options={staffUserStatuses.map((status) => [status, T.statuses[status]] as const)}
          emptyLabel={T.anyStatus}
          onChange={(status) =>
            setDraft({ ...draft, status: staffUserStatuses.find((known) => known === status) ?? '' })
          }
        />
        <div className="bo-filters-actions">
          <Button type="submit">{T.apply}</Button>
          <Button
            variant="secondary"
            onPress={() => {
              const empty: Filters = { q: '', role: '', status: '' };
              setDraft(empty);
              go(empty, 1);
            }}
          >
            {T.clear}
          </Button>
        </div>
      </form>
      <Loaded load={users} loading={T.loading}>
        {(data) => (
          <PagedList data={data} empty={T.empty} paging={T.paging} onPage={(next) => go(filters, next)}>
            <UsersTable users={data.items} companies={companyList} onDone={done} />
          </PagedList>
        )}
      </Loaded>
    </>
  );
}

function OutcomeNotice({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  if (!outcome.password) return <Notice text={outcome.notice} />;
  return (
    <section role="status" className="bo-notice" aria-labelledby="users-password-title">
      <p>{outcome.notice}</p>
      <h2 id="users-password-title">{T.passwordTitle(outcome.password.name)}</h2>
      <p>{T.passwordBody}</p>
      <p>
        {T.passwordLabel}: <code translate="no">{outcome.password.value}</code>
      </p>
      <Button variant="secondary" onPress={onClose}>
        {T.passwordDone}
      </Button>
    </section>
  );
}

type Companies = readonly { id: number; name: string }[];

function UsersTable({ users, companies, onDone }: { users: StaffUser[]; companies: Companies; onDone: Done }) {
  const C = T.columns;
  const companyName = (id: number) => companies.find((company) => company.id === id)?.name ?? T.unknownCompany(id);
  return (
    <table className="bo-table" aria-label={T.tableLabel}>
      <thead>
        <tr>
          <th scope="col">{C.name}</th>
          <th scope="col">{C.email}</th>
          <th scope="col">{C.role}</th>
          <th scope="col">{C.status}</th>
          <th scope="col">{C.access}</th>
          <th scope="col">{C.createdAt}</th>
          <th scope="col">{C.actions}</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <th scope="row">{user.fullName}</th>
            <td>{user.email}</td>
            <td>
              {ROLE_LABELS[user.role]}
              {user.collectionCompanyId !== null && (
                <>
                  <br />
                  {T.company(companyName(user.collectionCompanyId))}
                </>
              )}
            </td>
            <td>{T.statuses[statusOf(user)]}</td>
            <td>
              {user.totpEnrolled ? T.totpReady : T.totpPending}
              {user.mustChangePassword && (
                <>
                  <br />
                  {T.mustChange}
                </>
              )}
            </td>
            <td>{formatStaffDateTime(user.createdAt)}</td>
            <td>
              <UserActions user={user} companies={companies} onDone={onDone} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
