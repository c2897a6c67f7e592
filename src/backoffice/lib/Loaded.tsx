import type { ReactNode } from 'react';
import { messageOf } from './api-error.ts';
import { API_TEXTS } from './texts.ts';
import type { Load } from './use-load.ts';

/**
 * A read's answer once it is there: its error in Spanish (an alert), the `loading` text (a status) while it is under
 * way, else `children` with the data. Every tab of the customer file shows its read through it.
 */
export function Loaded<T>({
  load,
  loading,
  children,
}: {
  load: Load<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (load.status === 'failed')
    return (
      <p role="alert" className="bo-alert">
        {messageOf(load.error, API_TEXTS.network)}
      </p>
    );
  if (load.status !== 'done') return <p role="status">{loading}</p>;
  return children(load.data);
}
