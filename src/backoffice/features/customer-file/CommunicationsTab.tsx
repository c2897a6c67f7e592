import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import type { CommunicationPermissions } from '../../../shared/api/communication.ts';
import { StaffPermissionsGet, type StaffPermissions } from '../../../shared/api/communication-staff.ts';
import { StaffCommunicationGet } from '../../../shared/api/customer-staff.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { RecordList } from '../../lib/RecordList.tsx';
import { changedByLabel, labelOr, PERMISSION_SOURCE_LABELS } from '../../lib/status-labels.ts';
import { addressText } from './address.ts';
import { ContactActions, EditPermissions } from './ContactActions.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { useReloadableLoad, useReloadablePagedRead } from './use-reload.ts';

const T = CUSTOMER_TEXTS.communications;
const allowed = (value: boolean) => (value ? T.allowed : T.refused);
const CHANNELS = ['allowEmail', 'allowSms', 'allow3CxCalls'] as const satisfies (keyof CommunicationPermissions)[];

/**
 * 'Comunicaciones': how to reach the customer (`StaffCommunicationGet`: phone, e-mail, address), then what they allow
 * on each channel and the changes of it with where each came from (`StaffPermissionsGet`), paged with `?pagina=`;
 * the e-mail, address and permission writes for the roles of their calls, each read again after its write.
 */
export function CommunicationsTab({ customerId }: { customerId: number }) {
  const contacts = useReloadableLoad(String(customerId), () => call(StaffCommunicationGet, { params: { customerId } }));
  const permissions = useReloadablePagedRead(customerId, (query) =>
    call(StaffPermissionsGet, { params: { customerId }, query }),
  );
  return (
    <>
      <h2 className="bo-subheading">{T.contactsHeading}</h2>
      <Loaded load={contacts.load} loading={T.loading}>
        {(data) => (
          <>
            <RecordList
              rows={[
                [T.phone, data.phone],
                [T.email, data.email],
                [T.address, addressText(data.address)],
              ]}
            />
            <ContactActions contacts={data} onDone={contacts.reload} />
          </>
        )}
      </Loaded>
      <h2 className="bo-subheading">{T.permissionsHeading}</h2>
      <Loaded load={permissions.load} loading={T.permissionsLoading}>
        {(data) => (
          <>
            <Permissions data={data} onPage={permissions.onPage} />
            <EditPermissions customerId={customerId} current={data.current} onDone={permissions.reload} />
          </>
        )}
      </Loaded>
    </>
  );
}

function Permissions({ data, onPage }: { data: StaffPermissions; onPage: (page: number) => void }) {
  const { current } = data;
  const C = T.columns;
  return (
    <>
      <RecordList
        rows={[
          ...CHANNELS.map((channel) => [T.channels[channel], allowed(current[channel])] as const),
          [T.lastChoice, data.lastChoiceDate === null ? T.never : formatStaffDateTime(data.lastChoiceDate)],
        ]}
      />
      {!current.stored && <p>{T.notStored}</p>}
      <h3 className="bo-subheading">{T.historyHeading}</h3>
      <PagedList data={data} empty={T.empty} paging={T.paging} onPage={onPage}>
        <Table aria-label={T.tableLabel} className="bo-table">
          <TableHeader>
            <Column isRowHeader>{C.at}</Column>
            <Column>{C.email}</Column>
            <Column>{C.sms}</Column>
            <Column>{C.calls}</Column>
            <Column>{C.source}</Column>
            <Column>{C.by}</Column>
          </TableHeader>
          <TableBody items={data.items.map((change, index) => ({ ...change, key: `${change.createdDate}-${index}` }))}>
            {(change) => (
              <Row id={change.key}>
                <Cell>{formatStaffDateTime(change.createdDate)}</Cell>
                <Cell>{allowed(change.allowEmail)}</Cell>
                <Cell>{allowed(change.allowSms)}</Cell>
                <Cell>{allowed(change.allow3CxCalls)}</Cell>
                <Cell>{sourceText(change.source, change.campaignId)}</Cell>
                <Cell>{changedByLabel(change.changedBy)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </PagedList>
    </>
  );
}

function sourceText(source: string, campaignId: string | null): string {
  const label = labelOr(PERMISSION_SOURCE_LABELS, source);
  return campaignId === null ? label : T.campaign(label, campaignId);
}
