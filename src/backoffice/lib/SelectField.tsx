import { useId } from 'react';

/**
 * A labelled native select of `options` (value, Spanish label): the back office's one select, in the dialogs and
 * the filters. With `emptyLabel`, a first choice of value '' ('Todos', 'Elige…').
 */
export function SelectField({
  label,
  name,
  value,
  options,
  onChange,
  emptyLabel,
  disabled = false,
}: {
  label: string;
  name?: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
  onChange: (value: string) => void;
  emptyLabel?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
