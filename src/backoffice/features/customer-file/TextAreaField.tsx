import { useId } from 'react';
import type { ZodType } from 'zod';
import { checkedBody } from '../../lib/field-problem.ts';
import { WRITE_TEXTS } from './texts-writes.ts';

/** A labelled text area of an action's dialog, marked invalid while `invalid`. */
export function TextAreaField({
  label,
  value,
  onChange,
  invalid,
  maxLength,
  rows = 3,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  maxLength: number;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * A field's value checked with the contract's own schema before the call: the parsed value, or a refusal the
 * dialog shows in its alert as it shows the server's (the server would answer the same check; `lib/field-problem.ts`).
 */
export const checkedField = <T,>(schema: ZodType<T>, value: string, callName: string): T =>
  checkedBody(callName, schema, value, WRITE_TEXTS.invalid);
