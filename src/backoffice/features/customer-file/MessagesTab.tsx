import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { SmsHistoryGet } from '../../../shared/api/communication-staff.ts';
import type { CallResponse } from '../../../shared/api/define.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { labelOr } from '../../lib/status-labels.ts';
import { CUSTOMER_TEXTS } from './texts.ts';
import { usePagedRead } from './use-paged-read.ts';

const T = CUSTOMER_TEXTS.messages;
type MessagePage = CallResponse<typeof SmsHistoryGet>;

/** Why a message was sent, in words; a purpose this screen does not know yet shows as it is stored. */
const purposeOf = (purpose: string) => labelOr(T.purposes, purpose);

/**
 * 'Mensajes': the SMS and payment-reminder pushes sent to the customer (`SmsHistoryGet`, codes masked by the server),
 * newest first, paged with `?pagina=`.
 */
export function MessagesTab({ customerId }: { customerId: number }) {
  const { load, onPage } = usePagedRead(customerId, (query) => call(SmsHistoryGet, { params: { customerId }, query }));
  return (
    <Loaded load={load} loading={T.loading}>
      {(data) => <MessageList data={data} onPage={onPage} />}
    </Loaded>
  );
}

function MessageList({ data, onPage }: { data: MessagePage; onPage: (page: number) => void }) {
  return (
    <PagedList data={data} empty={T.empty} paging={T.paging} onPage={onPage}>
      <Table aria-label={T.tableLabel} className="bo-table">
        <TableHeader>
          <Column isRowHeader>{T.columns.at}</Column>
          <Column>{T.columns.channel}</Column>
          <Column>{T.columns.purpose}</Column>
          <Column>{T.columns.text}</Column>
          <Column>{T.columns.status}</Column>
        </TableHeader>
        <TableBody items={data.items.map((message) => ({ ...message, key: `${message.channel}-${message.id}` }))}>
          {(message) => (
            <Row id={message.key}>
              <Cell>{formatStaffDateTime(message.sentAt)}</Cell>
              <Cell>{message.channel === 'sms' ? T.sms(message.phone ?? '') : T.push}</Cell>
              <Cell>{purposeOf(message.purpose)}</Cell>
              <Cell>{message.text}</Cell>
              <Cell>{message.readAt === null ? T.sent : T.read(formatStaffDateTime(message.readAt))}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </PagedList>
  );
}
