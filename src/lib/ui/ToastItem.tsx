import { Button as AriaButton } from 'react-aria-components/Button';
import {
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  type QueuedToast,
} from 'react-aria-components/Toast';
import { Text } from 'react-aria-components/Text';
import { AlertIcon } from './AlertIcon.tsx';
import { dismissToast, type ActiveToast } from './toast-store.ts';
import { UI_TEXTS } from './ui-texts.ts';

export interface ToastItemProps {
  toast: QueuedToast<ActiveToast>;
}

/** One toast: icon, header, content, actions and the 'Cerrar notificación' button. */
export function ToastItem({ toast }: ToastItemProps) {
  const alert = toast.content;
  return (
    <AriaToast toast={toast} className={`ui-toast ui-toast--${alert.alertType}`} data-alert-type={alert.alertType}>
      <span className="ui-toast-icon" aria-hidden="true">
        {alert.icon ?? <AlertIcon type={alert.alertType} />}
      </span>
      <ToastContent className="ui-toast-content">
        <Text slot="title" className="ui-toast-header">
          {alert.header}
        </Text>
        <Text slot="description" elementType="div" className="ui-toast-body">
          {alert.content}
        </Text>
        {alert.actions.length > 0 && (
          <div className="ui-toast-actions">
            {alert.actions.map((action) => (
              <AriaButton
                key={action.label}
                className="ui-toast-action"
                onPress={() => {
                  action.onPress();
                  dismissToast(alert.id);
                }}
              >
                {action.label}
              </AriaButton>
            ))}
          </div>
        )}
      </ToastContent>
      {alert.dismissable && (
        <AriaButton slot="close" className="ui-toast-close" aria-label={UI_TEXTS.closeNotification}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </AriaButton>
      )}
    </AriaToast>
  );
}
