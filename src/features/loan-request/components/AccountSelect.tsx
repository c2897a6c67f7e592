import { useEffect, useState, type ReactNode } from 'react';
import type { SelectProps } from '../../../lib/ui/Select.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';

type SelectComponent = (props: SelectProps) => ReactNode;

let loaded: SelectComponent | null = null;
let loading: Promise<SelectComponent> | null = null;

/**
 * Loads the account selector's code (React Aria's Select and its popover, about 40 kB gzip). Only customers with
 * two or more accounts see it, so the loan request page does not load it for the others; the screen awaits this
 * before showing the form to such a customer, so the selector is there on the form's first render.
 */
export function loadAccountSelect(): Promise<SelectComponent> {
  loading ??= import('../../../lib/ui/Select.tsx').then(
    (module) => (loaded = module.Select),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The shared Select, loaded on demand (a spinner in its place while its code arrives). */
export function AccountSelect(props: SelectProps) {
  const [Select, setSelect] = useState<SelectComponent | null>(() => loaded);
  useEffect(() => {
    if (Select) return;
    let live = true;
    loadAccountSelect().then(
      (component) => live && setSelect(() => component),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Select]);
  return Select ? <Select {...props} /> : <Spinner />;
}
