import { ProgressBar } from 'react-aria-components/ProgressBar';
import { UI_TEXTS } from './ui-texts.ts';
import './spinner.css';

export interface SpinnerProps {
  /** Accessible name of the progress indicator. Default 'Cargando'. */
  label?: string;
  /** 20 px (inside buttons), 32 px or 48 px. Default 'medium'. */
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/** An indeterminate progress indicator (role progressbar, announced by its label). */
export function Spinner({ label = UI_TEXTS.loading, size = 'medium', className }: SpinnerProps) {
  return (
    <ProgressBar
      isIndeterminate
      aria-label={label}
      className={['ui-spinner', `ui-spinner--${size}`, className].filter(Boolean).join(' ')}
    >
      <svg className="ui-spinner-svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle className="ui-spinner-track" cx="12" cy="12" r="9" />
        <circle className="ui-spinner-arc" cx="12" cy="12" r="9" />
      </svg>
    </ProgressBar>
  );
}
