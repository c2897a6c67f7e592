import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Tabs, type TabItem } from '../../../lib/ui/Tabs.tsx';
import { CustomerAuditGet } from '../../../shared/api/audit.ts';
import { ScrapeSessionsGet, StaffBankAccountsGet } from '../../../shared/api/bank-staff.ts';
import { CardStatusHistoryGet, StaffCardsGet } from '../../../shared/api/card-staff.ts';
import { SmsHistoryGet, StaffPermissionsGet } from '../../../shared/api/communication-staff.ts';
import {
  CommentsGet,
  CustomerStatusGet,
  StaffCommunicationGet,
  StaffCustomerGet,
  StaffCustomerPut,
  type StaffCustomer,
} from '../../../shared/api/customer-staff.ts';
import type { AnyCall } from '../../../shared/api/define.ts';
import { DocumentCountGet, DocumentListGet } from '../../../shared/api/document-staff.ts';
import { LoanStatusHistoryGet, StaffCreditLimitGet } from '../../../shared/api/loan-staff.ts';
import { StaffCustomerLoansGet } from '../../../shared/api/payment-staff.ts';
import type { CallRole, StaffRole } from '../../../shared/api/roles.ts';
import { isStaffApiError, messageOf } from '../../lib/api-error.ts';
import { call } from '../../lib/backoffice-session.ts';
import { customerPath, PATHS } from '../../lib/paths.ts';
import { API_TEXTS } from '../../lib/texts.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { BankTab } from './BankTab.tsx';
import { CardsTab } from './CardsTab.tsx';
import { CommentsTab } from './CommentsTab.tsx';
import { CommunicationsTab } from './CommunicationsTab.tsx';
import { CreditTab } from './CreditTab.tsx';
import { DocumentsTab } from './DocumentsTab.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import { LoansTab } from './LoansTab.tsx';
import { MessagesTab } from './MessagesTab.tsx';
import { RecordTab } from './RecordTab.tsx';
import { StatusTab } from './StatusTab.tsx';
import { SummaryTab } from './SummaryTab.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { REVIEW_TEXTS } from './texts-reviews.ts';
import { WRITE_TEXTS } from './texts-writes.ts';

/** The roles every one of `entries` admits: a tab that makes several calls shows only to those. */
const rolesOfAll = (...entries: AnyCall[]): readonly CallRole[] =>
  entries.reduce<readonly CallRole[]>(
    (roles, entry) => roles.filter((role) => entry.roles.includes(role)),
    entries[0]?.roles ?? [],
  );

/** The tabs built so far, in order, each with the roles its calls admit (a tab shows only to them). */
const TABS = {
  resumen: StaffCustomerGet.roles,
  datos: StaffCustomerPut.roles,
  estado: CustomerStatusGet.roles,
  prestamos: rolesOfAll(StaffCustomerLoansGet, LoanStatusHistoryGet),
  documentos: rolesOfAll(DocumentCountGet, DocumentListGet),
  tarjetas: rolesOfAll(StaffCardsGet, CardStatusHistoryGet),
  banco: rolesOfAll(StaffBankAccountsGet, ScrapeSessionsGet),
  limite: StaffCreditLimitGet.roles,
  comunicaciones: rolesOfAll(StaffCommunicationGet, StaffPermissionsGet),
  comentarios: CommentsGet.roles,
  mensajes: SmsHistoryGet.roles,
  historial: CustomerAuditGet.roles,
} as const satisfies Record<string, readonly string[]>;
type TabId = keyof typeof TABS;
const TAB_LABELS: Record<TabId, string> = {
  ...CUSTOMER_TEXTS.tabs,
  comentarios: REVIEW_TEXTS.comments.tab,
  datos: WRITE_TEXTS.tabLabel,
};
const TAB_IDS = Object.keys(TABS) as TabId[];

function tabContent(id: TabId, record: StaffCustomer) {
  switch (id) {
    case 'resumen':
      return <SummaryTab customer={record} />;
    case 'datos':
      return <RecordTab customerId={record.id} />;
    case 'estado':
      return <StatusTab customer={record} />;
    case 'prestamos':
      return <LoansTab customerId={record.id} />;
    case 'documentos':
      return <DocumentsTab customerId={record.id} />;
    case 'tarjetas':
      return <CardsTab customerId={record.id} />;
    case 'banco':
      return <BankTab customerId={record.id} />;
    case 'limite':
      return <CreditTab customerId={record.id} />;
    case 'comunicaciones':
      return <CommunicationsTab customerId={record.id} />;
    case 'comentarios':
      return <CommentsTab customerId={record.id} />;
    case 'mensajes':
      return <MessagesTab customerId={record.id} />;
    case 'historial':
      return <HistoryTab customerId={record.id} />;
  }
}

const mayCall = (roles: readonly string[], role: StaffRole | undefined): boolean =>
  role !== undefined && roles.includes(role);

function NotFound() {
  return (
    <>
      <h1>{CUSTOMER_TEXTS.notFoundTitle}</h1>
      <p role="alert" className="bo-alert">
        {CUSTOMER_TEXTS.notFound}
      </p>
      <Link to={PATHS.customers}>{CUSTOMER_TEXTS.backToSearch}</Link>
    </>
  );
}

/**
 * `/clientes/:customerId/:tab?`: the customer's name and the tabs of their file (docs/backoffice.md §6), each tab in
 * the URL. A tab shows only to the roles its call admits, read from the entry's `roles`.
 */
export function CustomerFilePage() {
  const { customerId: idParam = '', tab } = useParams();
  const navigate = useNavigate();
  const role = useStaffSession().session?.staff.role;
  const customerId = /^[1-9]\d{0,9}$/.test(idParam) ? Number(idParam) : null;
  const customer = useLoad(customerId === null ? null : String(customerId), () =>
    call(StaffCustomerGet, { params: { customerId: customerId ?? 0 } }),
  );

  const visible = TAB_IDS.filter((id) => mayCall(TABS[id], role));
  const selected: TabId | undefined = tab === undefined ? 'resumen' : visible.find((id) => id === tab);

  if (customerId === null) return <NotFound />;
  // A tab the role may not see (or no such tab) goes back to the summary.
  if (selected === undefined) return <Navigate to={customerPath(customerId)} replace />;
  if (customer.status === 'failed') {
    const { error } = customer;
    if (isStaffApiError(error) && error.status === 404) return <NotFound />;
    return (
      <p role="alert" className="bo-alert">
        {messageOf(error, API_TEXTS.network)}
      </p>
    );
  }
  if (customer.status !== 'done') return <p role="status">{CUSTOMER_TEXTS.loading}</p>;

  const record = customer.data;
  const items: TabItem[] = visible.map((id) => ({
    id,
    label: TAB_LABELS[id],
    content: tabContent(id, record),
  }));
  return (
    <>
      <h1>{`${record.firstName} ${record.lastName}`}</h1>
      <Tabs
        aria-label={CUSTOMER_TEXTS.tabsLabel}
        items={items}
        selectedKey={selected}
        onSelectionChange={(key) => void navigate(customerPath(record.id, key))}
      />
    </>
  );
}
