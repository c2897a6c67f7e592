import type { ReactNode } from 'react';
import { Pager } from './Pager.tsx';

export interface PagedListProps {
  /** The page's position in the list (`paged` of src/shared/api/paging.ts). */
  data: { page: number; pageSize: number; total: number };
  /** What an empty list says; null: nothing. */
  empty: string | null;
  /** The pager's name ('Páginas de …'). */
  paging: string;
  onPage: (page: number) => void;
  /** The page's rows (a table). */
  children: ReactNode;
}

/** A server-paged list: its empty text when there is nothing, else its rows and the pager under them. */
export function PagedList({ data, empty, paging, onPage, children }: PagedListProps) {
  if (data.total === 0) return empty === null ? null : <p>{empty}</p>;
  return (
    <>
      {children}
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} label={paging} onPage={onPage} />
    </>
  );
}
