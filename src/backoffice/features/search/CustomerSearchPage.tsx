import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components/Table';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../lib/ui/Button.tsx';
import { TextField } from '../../../lib/ui/TextField.tsx';
import { CustomerSearchPost, type CustomerSearchItem } from '../../../shared/api/customer-staff.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../../shared/api/paging.ts';
import { messageOf } from '../../lib/api-error.ts';
import { call } from '../../lib/backoffice-session.ts';
import { formatCount } from '../../lib/format.ts';
import { Pager } from '../../lib/Pager.tsx';
import { customerPath, PAGE_PARAM, pageFromUrl } from '../../lib/paths.ts';
import { CUSTOMER_STATUS_LABELS } from '../../lib/status-labels.ts';
import { API_TEXTS } from '../../lib/texts.ts';
import { useLoad } from '../../lib/use-load.ts';
import { SEARCH_TEXTS } from './texts.ts';

/** The query parameter of the search (`/clientes?q=…&pagina=2`). */
export const QUERY_PARAM = 'q';

/** Whether a key press happened while typing (where '/' is a character, not the shortcut). */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * `/clientes`: search by phone, DNI/NIE, name, e-mail or loan number (`CustomerSearchPost`). The query and the page
 * live in the URL, so a search can be linked and the back button returns to it; `/` focuses the field.
 */
export function CustomerSearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get(QUERY_PARAM) ?? '').trim();
  const page = pageFromUrl(params.get(PAGE_PARAM), MAX_PAGE);
  const [draft, setDraft] = useState(query);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  // The back button changes the URL: the field shows its query again.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setDraft(query);
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const results = useLoad(query ? JSON.stringify([query, page]) : null, () =>
    call(CustomerSearchPost, { body: { query, page, pageSize: DEFAULT_PAGE_SIZE } }),
  );

  const go = (nextQuery: string, nextPage: number) =>
    setParams({ [QUERY_PARAM]: nextQuery, [PAGE_PARAM]: String(nextPage) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = draft.trim();
    if (!typed) {
      setFieldError(SEARCH_TEXTS.empty);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    go(typed, 1);
  };

  return (
    <>
      <h1>{SEARCH_TEXTS.title}</h1>
      <form role="search" aria-label={SEARCH_TEXTS.label} className="bo-search-form" noValidate onSubmit={submit}>
        <TextField
          label={SEARCH_TEXTS.label}
          description={SEARCH_TEXTS.description}
          placeholder={SEARCH_TEXTS.placeholder}
          type="search"
          name="q"
          autoComplete="off"
          value={draft}
          onChange={setDraft}
          inputRef={input}
          {...(fieldError ? { errorMessage: fieldError } : {})}
        />
        <Button type="submit" isLoading={results.status === 'loading'} loadingLabel={SEARCH_TEXTS.searching}>
          {SEARCH_TEXTS.submit}
        </Button>
      </form>
      {results.status === 'failed' && (
        <p role="alert" className="bo-alert">
          {messageOf(results.error, API_TEXTS.network)}
        </p>
      )}
      {results.status === 'done' && (
        <section aria-label={SEARCH_TEXTS.tableLabel}>
          <p role="status">
            {results.data.total === 0
              ? SEARCH_TEXTS.noResults
              : SEARCH_TEXTS.count(formatCount(results.data.total), results.data.totalCapped, results.data.total === 1)}
          </p>
          {results.data.items.length > 0 && <ResultsTable items={results.data.items} />}
          <Pager
            page={results.data.page}
            pageSize={results.data.pageSize}
            total={results.data.total}
            label={SEARCH_TEXTS.paging}
            onPage={(next) => go(query, next)}
          />
        </section>
      )}
    </>
  );
}

function ResultsTable({ items }: { items: readonly CustomerSearchItem[] }) {
  const { columns } = SEARCH_TEXTS;
  return (
    <Table aria-label={SEARCH_TEXTS.tableLabel} className="bo-table">
      <TableHeader>
        <Column isRowHeader>{columns.name}</Column>
        <Column>{columns.nationalId}</Column>
        <Column>{columns.phone}</Column>
        <Column>{columns.email}</Column>
        <Column>{columns.status}</Column>
      </TableHeader>
      <TableBody items={items}>
        {(item) => (
          <Row id={item.id}>
            <Cell textValue={`${item.firstName} ${item.lastName}`}>
              <Link to={customerPath(item.id)}>{`${item.firstName} ${item.lastName}`}</Link>
            </Cell>
            <Cell>{item.nationalId}</Cell>
            <Cell>{item.phone}</Cell>
            <Cell>{item.email}</Cell>
            <Cell>{CUSTOMER_STATUS_LABELS[item.status]}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
