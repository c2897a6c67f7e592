import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { useSearchParams } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import { CommentPost, CommentsGet } from '../../../shared/api/customer-staff.ts';
import type { CallResponse } from '../../../shared/api/define.ts';
import { ActionDialog } from '../../lib/ActionDialog.tsx';
import { call } from '../../lib/backoffice-session.ts';
import { formatStaffDateTime } from '../../lib/format.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { PagedList } from '../../lib/PagedList.tsx';
import { Notice } from '../../lib/Notice.tsx';
import { checkedField, TextAreaField } from './TextAreaField.tsx';
import { REVIEW_TEXTS } from './texts-reviews.ts';
import { useMayCall } from '../../lib/use-may-call.ts';
import { usePagedRead } from './use-paged-read.ts';

const T = REVIEW_TEXTS.comments;
type CommentPage = CallResponse<typeof CommentsGet>;

/** The comment's text as the contract checks it (1–2000 characters, trimmed). */
const commentTextSchema = CommentPost.body.shape.text;

/**
 * 'Comentarios': the staff's comments on the customer (`CommentsGet`), newest first, paged with `?pagina=`, and, for
 * the roles of `CommentPost`, 'Añadir comentario'; after one is added the first page is read again.
 */
export function CommentsTab({ customerId }: { customerId: number }) {
  const [reads, setReads] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [, setParams] = useSearchParams();
  const mayAdd = useMayCall(CommentPost);

  const open = () => {
    setText('');
    setInvalid(false);
    setAdding(true);
  };

  const confirm = async () => {
    let checked: string;
    try {
      checked = checkedField(commentTextSchema, text, CommentPost.name);
    } catch (error) {
      setInvalid(true);
      throw error;
    }
    setInvalid(false);
    await call(CommentPost, { body: { customerId, text: checked } });
    setNotice(T.added);
    setParams({});
    setReads((count) => count + 1);
  };

  return (
    <>
      <h2 className="bo-subheading">{T.heading}</h2>
      {mayAdd && (
        <div className="bo-file-actions">
          <Button onPress={open}>{T.add}</Button>
        </div>
      )}
      <Notice text={notice} />
      <CommentReads key={reads} customerId={customerId} />
      <ActionDialog
        isOpen={adding}
        onClose={() => setAdding(false)}
        title={T.addTitle}
        confirmLabel={T.save}
        onConfirm={confirm}
      >
        <p>{T.addBody}</p>
        <TextAreaField label={T.text} value={text} onChange={setText} invalid={invalid} maxLength={2000} rows={5} />
      </ActionDialog>
    </>
  );
}

function CommentReads({ customerId }: { customerId: number }) {
  const { load, onPage } = usePagedRead(customerId, (query) => call(CommentsGet, { params: { customerId }, query }));
  return (
    <Loaded load={load} loading={T.loading}>
      {(data) => <CommentList data={data} onPage={onPage} />}
    </Loaded>
  );
}

function CommentList({ data, onPage }: { data: CommentPage; onPage: (page: number) => void }) {
  return (
    <PagedList data={data} empty={T.empty} paging={T.paging} onPage={onPage}>
      <Table aria-label={T.tableLabel} className="bo-table">
        <TableHeader>
          <Column isRowHeader>{T.columns.at}</Column>
          <Column>{T.columns.by}</Column>
          <Column>{T.columns.text}</Column>
        </TableHeader>
        <TableBody items={data.items}>
          {(comment) => (
            <Row id={comment.id}>
              <Cell>{formatStaffDateTime(comment.at)}</Cell>
              <Cell>{comment.staffName}</Cell>
              <Cell>
                <span className="bo-comment-text">{comment.text}</span>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </PagedList>
  );
}
