import { Navigate, Route, Routes } from 'react-router';
import { AuditPage } from '../features/audit/AuditPage.tsx';
import { CalendarPage } from '../features/calendar/CalendarPage.tsx';
import { ChangePasswordPage } from '../features/change-password/ChangePasswordPage.tsx';
import { ComplaintPage } from '../features/complaints/ComplaintPage.tsx';
import { ComplaintsPage } from '../features/complaints/ComplaintsPage.tsx';
import { CustomerFilePage } from '../features/customer-file/CustomerFilePage.tsx';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { ImpedimentsPage } from '../features/impediments/ImpedimentsPage.tsx';
import { PortfolioPage } from '../features/portfolio/PortfolioPage.tsx';
import { ProductsPage } from '../features/products/ProductsPage.tsx';
import { ProposalsPage } from '../features/proposals/ProposalsPage.tsx';
import { ReconciliationPage } from '../features/reconciliation/ReconciliationPage.tsx';
import { CustomerSearchPage } from '../features/search/CustomerSearchPage.tsx';
import { StaffUsersPage } from '../features/staff-users/StaffUsersPage.tsx';
import { CallTimingPage } from '../features/todos/CallTimingPage.tsx';
import { TodosPage } from '../features/todos/TodosPage.tsx';
import { PATHS } from '../lib/paths.ts';
import { Layout } from './Layout.tsx';
import { SessionGuard } from './SessionGuard.tsx';

/**
 * The back office's routes, relative to its basename `/backoffice`: the login page, and behind the session guard the
 * password change, the customer search and file, the to-dos and the call hours, the approval inbox, the audit trail, the staff users, the loan portfolio, the impediments, the reconciliation, the products and the calendar; any other path goes to the search
 * (or, without a session, to the login).
 */
export function BackofficeRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={PATHS.login} element={<LoginPage />} />
        <Route element={<SessionGuard />}>
          <Route path={PATHS.changePassword} element={<ChangePasswordPage />} />
          <Route path={PATHS.customers} element={<CustomerSearchPage />} />
          <Route path={`${PATHS.customers}/:customerId/:tab?`} element={<CustomerFilePage />} />
          <Route path={PATHS.complaints} element={<ComplaintsPage />} />
          <Route path={`${PATHS.complaints}/:complaintId`} element={<ComplaintPage />} />
          <Route path={PATHS.todos} element={<TodosPage />} />
          <Route path={PATHS.callTiming} element={<CallTimingPage />} />
          <Route path={PATHS.audit} element={<AuditPage />} />
          <Route path={PATHS.proposals} element={<ProposalsPage />} />
          <Route path={PATHS.staffUsers} element={<StaffUsersPage />} />
          <Route path={PATHS.portfolio} element={<PortfolioPage />} />
          <Route path={PATHS.impediments} element={<ImpedimentsPage />} />
          <Route path={PATHS.reconciliation} element={<ReconciliationPage />} />
          <Route path={PATHS.products} element={<ProductsPage />} />
          <Route path={PATHS.calendar} element={<CalendarPage />} />
          <Route path="*" element={<Navigate to={PATHS.customers} replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
