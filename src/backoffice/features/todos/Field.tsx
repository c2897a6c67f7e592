import { useId, type ReactNode } from 'react';

/** A labelled field of the dialogs and filters (`bo-field`): the control gets the label's id. */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
