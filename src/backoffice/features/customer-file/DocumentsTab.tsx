import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { Button } from '../../../lib/ui/Button.tsx';
import type { CallResponse } from '../../../shared/api/define.ts';
import { DocumentCountGet, DocumentListGet, type DocumentCount } from '../../../shared/api/document-staff.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { RecordList } from '../../lib/RecordList.tsx';
import { documentKindLabel, DOCUMENT_STATUS_LABELS, labelOr } from '../../lib/status-labels.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useDocumentViewer, type DocumentViewer } from './DocumentViewer.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { usePagedRead } from './use-paged-read.ts';

const T = CUSTOMER_TEXTS.documents;
type DocumentPage = CallResponse<typeof DocumentListGet>;

/**
 * 'Documentos': how many documents the customer uploaded of each kind (`DocumentCountGet`), then the documents,
 * newest first, paged with `?pagina=` (`DocumentListGet`), each with 'Ver' (its file in a dialog).
 */
export function DocumentsTab({ customerId }: { customerId: number }) {
  const count = useLoad(String(customerId), () => call(DocumentCountGet, { params: { customerId } }));
  const list = usePagedRead(customerId, (query) => call(DocumentListGet, { params: { customerId }, query }));
  const viewer = useDocumentViewer();
  return (
    <>
      <h2 className="bo-subheading">{T.countHeading}</h2>
      <Loaded load={count} loading={T.countLoading}>
        {(data) => <Counts count={data} />}
      </Loaded>
      <Loaded load={list.load} loading={T.loading}>
        {(data) => <DocumentTable data={data} onPage={list.onPage} viewer={viewer} />}
      </Loaded>
      {viewer.failure && (
        <p role="alert" className="bo-alert">
          {viewer.failure}
        </p>
      )}
      {viewer.dialog}
    </>
  );
}

function Counts({ count }: { count: DocumentCount }) {
  if (count.total === 0) return <p>{T.empty}</p>;
  return (
    <RecordList
      rows={[
        ...count.kinds.map((kind) => [documentKindLabel(kind.type, kind.subType), T.total(kind.count)] as const),
        [T.allKinds, T.total(count.total)],
      ]}
    />
  );
}

function DocumentTable({
  data,
  onPage,
  viewer,
}: {
  data: DocumentPage;
  onPage: (page: number) => void;
  viewer: DocumentViewer;
}) {
  const C = T.columns;
  return (
    <PagedList data={data} empty={null} paging={T.paging} onPage={onPage}>
      <Table aria-label={T.tableLabel} className="bo-table">
        <TableHeader>
          <Column isRowHeader>{C.uploaded}</Column>
          <Column>{C.kind}</Column>
          <Column>{C.name}</Column>
          <Column>{C.size}</Column>
          <Column>{C.status}</Column>
          <Column>{C.view}</Column>
        </TableHeader>
        <TableBody items={data.items}>
          {(document) => {
            const kind = documentKindLabel(document.type, document.subType);
            return (
              <Row id={document.id}>
                <Cell>{formatStaffDateTime(document.uploadedAt)}</Cell>
                <Cell>{kind}</Cell>
                <Cell>{document.name}</Cell>
                <Cell>{T.kilobytes(document.sizeBytes)}</Cell>
                <Cell>{labelOr(DOCUMENT_STATUS_LABELS, document.status)}</Cell>
                <Cell>
                  <Button
                    variant="secondary"
                    aria-label={T.viewLabel(kind, document.name)}
                    isLoading={viewer.openingId === document.id}
                    loadingLabel={T.opening}
                    onPress={() => viewer.open(document)}
                  >
                    {T.view}
                  </Button>
                </Cell>
              </Row>
            );
          }}
        </TableBody>
      </Table>
    </PagedList>
  );
}
