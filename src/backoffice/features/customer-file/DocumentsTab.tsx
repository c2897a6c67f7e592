import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { Button } from '../../../lib/ui/Button.tsx';
import type { CallResponse } from '../../../shared/api/define.ts';
import {
  DocumentCountGet,
  DocumentListGet,
  DocumentReviewPost,
  type DocumentCount,
} from '../../../shared/api/document-staff.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { RecordList } from '../../lib/RecordList.tsx';
import { documentKindLabel, DOCUMENT_STATUS_LABELS, labelOr } from '../../lib/status-labels.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useDocumentReview, type DocumentReview } from './DocumentReview.tsx';
import { useDocumentViewer, type DocumentViewer } from './DocumentViewer.tsx';
import { Notice } from '../../lib/Notice.tsx';
import { CUSTOMER_TEXTS } from './texts.ts';
import { REVIEW_TEXTS } from './texts-reviews.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { usePagedRead } from './use-paged-read.ts';

const T = CUSTOMER_TEXTS.documents;
const R = REVIEW_TEXTS.documents;
type DocumentPage = CallResponse<typeof DocumentListGet>;

/**
 * 'Documentos': how many documents the customer uploaded of each kind (`DocumentCountGet`), then the documents,
 * newest first, paged with `?pagina=` (`DocumentListGet`), each with 'Ver' (its file in a dialog) and, for the roles
 * of `DocumentReviewPost`, 'Aprobar' / 'Rechazar'; after a review both are read again.
 */
export function DocumentsTab({ customerId }: { customerId: number }) {
  const [reads, setReads] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const viewer = useDocumentViewer();
  const review = useDocumentReview((done) => {
    setNotice(done);
    setReads((count) => count + 1);
  });
  const mayReview = useMayCall(DocumentReviewPost);
  return (
    <>
      <Notice text={notice} />
      <DocumentReads key={reads} customerId={customerId} viewer={viewer} review={mayReview ? review : null} />
      {viewer.failure && (
        <p role="alert" className="bo-alert">
          {viewer.failure}
        </p>
      )}
      {viewer.dialog}
      {review.dialog}
    </>
  );
}

/** The tab's two reads, mounted anew (`key`) to read them again after a review. */
function DocumentReads({
  customerId,
  viewer,
  review,
}: {
  customerId: number;
  viewer: DocumentViewer;
  review: DocumentReview | null;
}) {
  const count = useLoad(String(customerId), () => call(DocumentCountGet, { params: { customerId } }));
  const list = usePagedRead(customerId, (query) => call(DocumentListGet, { params: { customerId }, query }));
  return (
    <>
      <h2 className="bo-subheading">{T.countHeading}</h2>
      <Loaded load={count} loading={T.countLoading}>
        {(data) => <Counts count={data} />}
      </Loaded>
      <Loaded load={list.load} loading={T.loading}>
        {(data) => <DocumentTable data={data} onPage={list.onPage} viewer={viewer} review={review} />}
      </Loaded>
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
  review,
}: {
  data: DocumentPage;
  onPage: (page: number) => void;
  viewer: DocumentViewer;
  review: DocumentReview | null;
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
          {review && <Column>{R.actionsColumn}</Column>}
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
                <Cell>
                  {document.status === 'rejected' && document.rejectionReason !== null
                    ? R.rejectedBecause(document.rejectionReason)
                    : labelOr(DOCUMENT_STATUS_LABELS, document.status)}
                </Cell>
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
                {review && (
                  <Cell>
                    <span className="bo-row-actions">
                      {document.status !== 'accepted' && (
                        <Button
                          variant="secondary"
                          aria-label={R.acceptLabel(kind, document.name)}
                          onPress={() => review.open(document, 'accepted')}
                        >
                          {R.accept}
                        </Button>
                      )}
                      {document.status !== 'rejected' && (
                        <Button
                          variant="secondary"
                          aria-label={R.rejectLabel(kind, document.name)}
                          onPress={() => review.open(document, 'rejected')}
                        >
                          {R.reject}
                        </Button>
                      )}
                    </span>
                  </Cell>
                )}
              </Row>
            );
          }}
        </TableBody>
      </Table>
    </PagedList>
  );
}
