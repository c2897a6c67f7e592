import { useState } from 'react';
import { Button } from '../../../lib/ui/Button.tsx';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { showToast } from '../../../lib/ui/toast-store.ts';
import { UpdateEmailModal } from '../../../lib/ui/UpdateEmailModal.tsx';
import { SUCCESS_TOASTS } from '../../../shared/messages-loan.ts';
import { GuideSection } from './GuideSection.tsx';
import { Example } from './Example.tsx';

type OpenModal = 'basic' | 'blocking' | 'fullscreen' | 'email' | null;

const SIMULATED_SAVE_MS = 1500;
const IFRAME_DOCUMENT =
  '<!doctype html><html lang="es"><body style="font-family:system-ui;padding:24px">' +
  '<h1 style="font-size:1.25rem">Página del proveedor</h1><p>Aquí se cargaría la verificación de la tarjeta.</p></body></html>';

export function ModalsSection({ id, title }: { id: string; title: string }) {
  const [open, setOpen] = useState<OpenModal>(null);
  const [savedEmail, setSavedEmail] = useState('');
  const openChange = (modal: OpenModal) => (isOpen: boolean) => setOpen(isOpen ? modal : null);
  return (
    <GuideSection id={id} title={title}>
      <Example title="Modal básica" row>
        <Button variant="secondary" onPress={() => setOpen('basic')}>
          Abrir modal
        </Button>
        <Button variant="secondary" onPress={() => setOpen('blocking')}>
          Abrir modal que no se cierra sola
        </Button>
      </Example>
      <Example title="Pantalla completa y email" row>
        <Button variant="secondary" onPress={() => setOpen('fullscreen')}>
          Abrir a pantalla completa
        </Button>
        <Button variant="secondary" onPress={() => setOpen('email')}>
          Actualizar email
        </Button>
        <p className="design-guide-result" role="status">
          {savedEmail && `Email guardado: ${savedEmail}`}
        </p>
      </Example>

      <Modal
        isOpen={open === 'basic'}
        onOpenChange={openChange('basic')}
        title="Detalles de la cuota"
        footer={(close) => <Button onPress={close}>Entendido</Button>}
      >
        <p>Se cierra con Escape, pulsando fuera o con el botón Cerrar. El foco vuelve al botón que la abrió.</p>
      </Modal>
      <Modal
        isOpen={open === 'blocking'}
        onOpenChange={openChange('blocking')}
        title="Acepta para continuar"
        isDismissable={false}
        footer={(close) => <Button onPress={close}>Aceptar</Button>}
      >
        <p>Esta ventana solo se cierra con su botón.</p>
      </Modal>
      <Modal
        isOpen={open === 'fullscreen'}
        onOpenChange={openChange('fullscreen')}
        title="Verificación de la tarjeta"
        variant="fullscreen"
      >
        <iframe
          className="design-guide-iframe"
          title="Verificación de la tarjeta"
          srcDoc={IFRAME_DOCUMENT}
          sandbox=""
        />
      </Modal>
      <UpdateEmailModal
        isOpen={open === 'email'}
        onOpenChange={openChange('email')}
        defaultEmail={savedEmail}
        onSubmit={async (email) => {
          await new Promise((resolve) => window.setTimeout(resolve, SIMULATED_SAVE_MS));
          setSavedEmail(email);
          showToast({ alertType: 'success', content: SUCCESS_TOASTS.changesSaved });
        }}
      />
    </GuideSection>
  );
}
