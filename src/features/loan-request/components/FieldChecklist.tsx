import type { RequiredField } from '../form-rules.ts';
import { FIELD_TODO, LOAN_FORM_TEXTS as TEXT } from '../texts.ts';

interface FieldChecklistProps {
  /** A done field's name (a minipréstamo's where it differs). */
  labels: Record<RequiredField, string>;
  fields: readonly RequiredField[];
  valid: Record<RequiredField, boolean>;
  /** Marked after a press on 'Siguiente'. */
  shown: boolean;
}

/** The form error list: each field shown, by its name when done or by what is left to do. */
export function FieldChecklist({ labels, fields, valid, shown }: FieldChecklistProps) {
  return (
    <ul className="loan-field-list" aria-label={TEXT.formErrors} data-shown={shown}>
      {fields.map((field) =>
        valid[field] ? (
          <li key={field} data-valid>
            {labels[field]}
            <span className="visually-hidden">: {TEXT.fieldValid}</span>
          </li>
        ) : (
          <li key={field} data-valid={false}>
            {FIELD_TODO[field]}
          </li>
        ),
      )}
    </ul>
  );
}
