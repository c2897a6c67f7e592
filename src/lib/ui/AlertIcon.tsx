import type { AlertType } from './toast-store.ts';
import './alert-icon.css';

export interface AlertIconProps {
  type: AlertType;
  /** Pixel size. Default 24. */
  size?: number;
}

const PATHS: Record<Exclude<AlertType, 'processing'>, string> = {
  success: 'M7 12.5l3.2 3.2L17 9',
  error: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
  warning: 'M12 7v6M12 16.5v.5',
  info: 'M12 11v6M12 7.5v.5',
};

/** The decorative icon of an alert type (success, error, warning, info, processing); colour from the type. */
export function AlertIcon({ type, size = 24 }: AlertIconProps) {
  return (
    <svg
      className={`ui-alert-icon ui-alert-icon--${type}`}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10.5" fill="currentColor" />
      {type === 'processing' ? (
        <path
          className="ui-alert-icon-spin"
          d="M12 6.5a5.5 5.5 0 1 1-5.5 5.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      ) : (
        <path
          d={PATHS[type]}
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
