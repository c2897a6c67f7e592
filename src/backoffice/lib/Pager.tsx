import { Button } from '../../lib/ui/Button.tsx';
import { PAGER_TEXTS } from './texts.ts';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What the list is, for the navigation's name ('Páginas de resultados'). */
  label: string;
  onPage: (page: number) => void;
}

/** 'Anterior' / 'Página N de M' / 'Siguiente' under a server-paged list; nothing when it fits on one page. */
export function Pager({ page, pageSize, total, label, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="bo-pager" aria-label={label}>
      <Button variant="secondary" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {PAGER_TEXTS.previous}
      </Button>
      <span>{PAGER_TEXTS.pageOf(page, pages)}</span>
      <Button variant="secondary" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {PAGER_TEXTS.next}
      </Button>
    </nav>
  );
}
