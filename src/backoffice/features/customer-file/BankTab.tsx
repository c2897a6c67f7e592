import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { ScrapeSessionsGet, StaffBankAccountsGet, type StaffBankAccount } from '../../../shared/api/bank-staff.ts';
import type { CallResponse } from '../../../shared/api/define.ts';
import { formatDate } from '../../../shared/dates.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatCount, formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { BANK_ACCOUNT_STATUS_LABELS, labelOr, SCRAPE_SESSION_STATUS_LABELS } from '../../lib/status-labels.ts';
import { useLoad } from '../../lib/use-load.ts';
import { CUSTOMER_TEXTS } from './texts.ts';
import { usePagedRead } from './use-paged-read.ts';

const T = CUSTOMER_TEXTS.bank;
type SessionPage = CallResponse<typeof ScrapeSessionsGet>;

/**
 * 'Banco': the customer's linked accounts with how many transactions and salaries were read from each
 * (`StaffBankAccountsGet`), then their open-banking sessions (`ScrapeSessionsGet`), newest first, paged with `?pagina=`.
 */
export function BankTab({ customerId }: { customerId: number }) {
  const accounts = useLoad(String(customerId), () => call(StaffBankAccountsGet, { params: { customerId } }));
  const sessions = usePagedRead(customerId, (query) => call(ScrapeSessionsGet, { params: { customerId }, query }));
  return (
    <>
      <h2 className="bo-subheading">{T.accountsHeading}</h2>
      <Loaded load={accounts} loading={T.loading}>
        {(list) => (list.length === 0 ? <p>{T.noAccounts}</p> : <AccountTable accounts={list} />)}
      </Loaded>
      <h2 className="bo-subheading">{T.sessionsHeading}</h2>
      <Loaded load={sessions.load} loading={T.sessionsLoading}>
        {(data) => <SessionTable data={data} onPage={sessions.onPage} />}
      </Loaded>
    </>
  );
}

function AccountTable({ accounts }: { accounts: StaffBankAccount[] }) {
  const C = T.accountColumns;
  return (
    <Table aria-label={T.accountsLabel} className="bo-table">
      <TableHeader>
        <Column isRowHeader>{C.iban}</Column>
        <Column>{C.bank}</Column>
        <Column>{C.holder}</Column>
        <Column>{C.source}</Column>
        <Column>{C.status}</Column>
        <Column>{C.linked}</Column>
        <Column>{C.transactions}</Column>
        <Column>{C.salaries}</Column>
        <Column>{C.latest}</Column>
      </TableHeader>
      <TableBody items={accounts}>
        {(account) => (
          <Row id={account.id}>
            <Cell>{account.iban}</Cell>
            <Cell>{`${account.bankName} (${account.bankCode})`}</Cell>
            <Cell>{account.holderName}</Cell>
            <Cell>{T.sources[account.source]}</Cell>
            <Cell>{labelOr(BANK_ACCOUNT_STATUS_LABELS, account.status)}</Cell>
            <Cell>{formatStaffDateTime(account.linkedAt)}</Cell>
            <Cell>{formatCount(account.transactionCount)}</Cell>
            <Cell>{formatCount(account.salaryCount)}</Cell>
            <Cell>{account.latestTransactionDate === null ? T.none : formatDate(account.latestTransactionDate)}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

function SessionTable({ data, onPage }: { data: SessionPage; onPage: (page: number) => void }) {
  const C = T.sessionColumns;
  return (
    <PagedList data={data} empty={T.noSessions} paging={T.sessionsPaging} onPage={onPage}>
      <Table aria-label={T.sessionsLabel} className="bo-table">
        <TableHeader>
          <Column isRowHeader>{C.started}</Column>
          <Column>{C.provider}</Column>
          <Column>{C.bank}</Column>
          <Column>{C.status}</Column>
          <Column>{C.accounts}</Column>
          <Column>{C.polls}</Column>
          <Column>{C.finished}</Column>
        </TableHeader>
        <TableBody items={data.items}>
          {(session) => (
            <Row id={session.id}>
              <Cell>{formatStaffDateTime(session.createdAt)}</Cell>
              <Cell>{session.provider}</Cell>
              <Cell>{session.bankName ?? T.unknownBank}</Cell>
              <Cell>{SCRAPE_SESSION_STATUS_LABELS[session.status]}</Cell>
              <Cell>{formatCount(session.accountCount)}</Cell>
              <Cell>{formatCount(session.polls)}</Cell>
              <Cell>{session.finishedAt === null ? T.none : formatStaffDateTime(session.finishedAt)}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </PagedList>
  );
}
