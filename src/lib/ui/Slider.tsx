import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { Label, Slider as AriaSlider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components/Slider';
import { LOCALE } from '../../shared/constants.ts';
import './slider.css';

export interface SliderProps {
  label: ReactNode;
  minValue: number;
  maxValue: number;
  step?: number;
  value?: number;
  defaultValue?: number;
  onChange?: (value: number) => void;
  /** Called once the customer lets go of the thumb (or after a keyboard step). */
  onChangeEnd?: (value: number) => void;
  /**
   * Formats the output and the value read by screen readers (es-ES), e.g.
   * `{ style: 'currency', currency: 'EUR', maximumFractionDigits: 0, useGrouping: 'always' }` → '2.500 €'.
   */
  formatOptions?: Intl.NumberFormatOptions;
  /** Shows the minimum and the maximum under the track. */
  showRange?: boolean;
  name?: string;
  isDisabled?: boolean;
  className?: string;
}

/** A single-thumb slider with its value shown in an output, over React Aria's Slider. */
export function Slider({
  label,
  minValue,
  maxValue,
  step = 1,
  value,
  defaultValue,
  onChange,
  onChangeEnd,
  formatOptions,
  showRange = false,
  name,
  isDisabled,
  className,
}: SliderProps) {
  const format = new Intl.NumberFormat(LOCALE, formatOptions);
  return (
    <I18nProvider locale={LOCALE}>
      <AriaSlider
        className={['ui-slider', className].filter(Boolean).join(' ')}
        minValue={minValue}
        maxValue={maxValue}
        step={step}
        value={value}
        defaultValue={defaultValue ?? (value === undefined ? minValue : undefined)}
        onChange={(next) => onChange?.(next)}
        onChangeEnd={(next) => onChangeEnd?.(next)}
        formatOptions={formatOptions}
        isDisabled={isDisabled}
      >
        <div className="ui-slider-header">
          <Label className="ui-field-label">{label}</Label>
          <SliderOutput className="ui-slider-output" />
        </div>
        <SliderTrack className="ui-slider-track">
          {({ state }) => (
            <>
              <div className="ui-slider-fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
              <SliderThumb className="ui-slider-thumb" name={name} />
            </>
          )}
        </SliderTrack>
        {showRange && (
          <div className="ui-slider-range" aria-hidden="true">
            <span>{format.format(minValue)}</span>
            <span>{format.format(maxValue)}</span>
          </div>
        )}
      </AriaSlider>
    </I18nProvider>
  );
}
