import { useId, type CSSProperties } from 'react';

export interface CalculatorControlProps {
  /** Visible label of both controls. */
  label: string;
  /** Form name of the select; the slider is `${name}Slider`. */
  name: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** How a value reads on screen and to assistive technology ('2.500 €', '12 cuotas'). */
  format: (value: number) => string;
  onChange: (value: number) => void;
}

function gridValues(min: number, max: number, step: number): number[] {
  const values: number[] = [];
  for (let value = min; value <= max; value += step) values.push(value);
  return values;
}

/**
 * One calculator value as a select AND a slider (first document §2), native elements sharing one visible label:
 * both are keyboard and screen-reader accessible out of the box (the slider announces '2.500 €', not '2500') and
 * add almost nothing to the first load.
 */
export function CalculatorControl({ label, name, value, min, max, step, format, onChange }: CalculatorControlProps) {
  const id = useId();
  const fill = `${((value - min) / (max - min)) * 100}%`;
  return (
    <div className="calc-control">
      <div className="calc-control-head">
        <label className="calc-label" id={`${id}-label`} htmlFor={`${id}-select`}>
          {label}
        </label>
        <select
          className="calc-select"
          id={`${id}-select`}
          name={name}
          value={value}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
        >
          {gridValues(min, max, step).map((option) => (
            <option key={option} value={option}>
              {format(option)}
            </option>
          ))}
        </select>
      </div>
      <input
        className="calc-slider"
        type="range"
        name={`${name}Slider`}
        min={min}
        max={max}
        step={step}
        value={value}
        aria-labelledby={`${id}-label`}
        aria-valuetext={format(value)}
        style={{ '--calc-fill': fill } as CSSProperties}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      />
      <div className="calc-bounds" aria-hidden="true">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
    </div>
  );
}
