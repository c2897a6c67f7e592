import { Button } from '../../../lib/ui/Button.tsx';
import {
  clearToasts,
  showToast,
  TOAST_POSITIONS,
  type AlertType,
  type ToastPosition,
} from '../../../lib/ui/toast-store.ts';
import { SUCCESS_TOASTS } from '../../../shared/messages-loan.ts';
import { GuideSection } from './GuideSection.tsx';
import { Example } from './Example.tsx';

const POSITION_LABELS: Record<ToastPosition, string> = {
  'top-left': 'Arriba a la izquierda',
  'top-center': 'Arriba en el centro',
  'top-right': 'Arriba a la derecha',
  'bottom-left': 'Abajo a la izquierda',
  'bottom-center': 'Abajo en el centro',
  'bottom-right': 'Abajo a la derecha',
};

const TYPE_EXAMPLES: readonly { alertType: AlertType; label: string; content: string }[] = [
  { alertType: 'success', label: 'Éxito', content: SUCCESS_TOASTS.changesSaved },
  { alertType: 'error', label: 'Error', content: 'No se pudo completar la operación.' },
  { alertType: 'warning', label: 'Advertencia', content: 'Revisa los datos antes de continuar.' },
  { alertType: 'info', label: 'Información', content: 'Tienes una cuota pendiente.' },
  { alertType: 'processing', label: 'Procesando', content: 'Estamos comprobando tu cuenta.' },
];

export function ToastsSection({ id, title }: { id: string; title: string }) {
  return (
    <GuideSection
      id={id}
      title={title}
      description="Se cierran solas a los 5 segundos (el tiempo se detiene mientras el ratón o el foco están encima) y los lectores de pantalla las anuncian. F6 lleva a ellas con el teclado."
    >
      <Example title="Posiciones" row>
        {TOAST_POSITIONS.map((position) => (
          <Button
            key={position}
            variant="secondary"
            onPress={() => showToast({ position, content: `Notificación ${POSITION_LABELS[position].toLowerCase()}.` })}
          >
            {POSITION_LABELS[position]}
          </Button>
        ))}
      </Example>
      <Example title="Tipos" row>
        {TYPE_EXAMPLES.map(({ alertType, label, content }) => (
          <Button key={alertType} variant="secondary" onPress={() => showToast({ alertType, content })}>
            {label}
          </Button>
        ))}
      </Example>
      <Example title="Con acción, fija y sin cierre" row>
        <Button
          variant="secondary"
          onPress={() =>
            showToast({
              alertType: 'warning',
              header: 'Sin conexión',
              content: 'No hemos podido enviar tus datos.',
              autoDismiss: false,
              actions: [
                {
                  label: 'Reintentar',
                  onPress: () => showToast({ alertType: 'success', content: SUCCESS_TOASTS.changesSaved }),
                },
              ],
            })
          }
        >
          Con acción
        </Button>
        <Button
          variant="secondary"
          onPress={() =>
            showToast({
              id: 'design-guide-processing',
              alertType: 'processing',
              content: 'Procesando tu solicitud…',
              autoDismiss: false,
              dismissable: false,
            })
          }
        >
          Fija sin cierre
        </Button>
        <Button variant="link" onPress={clearToasts}>
          Cerrar todas
        </Button>
      </Example>
    </GuideSection>
  );
}
