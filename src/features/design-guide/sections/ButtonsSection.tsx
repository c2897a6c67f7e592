import { useState } from 'react';
import { Button } from '../../../lib/ui/Button.tsx';
import { Spinner } from '../../../lib/ui/Spinner.tsx';
import { GuideSection } from './GuideSection.tsx';
import { Example } from './Example.tsx';

const SIMULATED_WAIT_MS = 2000;

export function ButtonsSection({ id, title }: { id: string; title: string }) {
  const [isSending, setSending] = useState(false);
  const send = () => {
    setSending(true);
    window.setTimeout(() => setSending(false), SIMULATED_WAIT_MS);
  };
  return (
    <GuideSection id={id} title={title}>
      <Example title="Variantes" row>
        <Button>Solicita YA</Button>
        <Button variant="secondary">Más Información</Button>
        <Button variant="link">¿Olvidaste tu contraseña?</Button>
      </Example>
      <Example title="Desactivados" row>
        <Button isDisabled>Siguiente</Button>
        <Button variant="secondary" isDisabled>
          Cancelar
        </Button>
        <Button variant="link" isDisabled>
          Ver más
        </Button>
      </Example>
      <Example title="Cargando">
        <Button isLoading>SUBMIT</Button>
        <Button isLoading={isSending} onPress={send}>
          Pulsa para simular un envío
        </Button>
        <Button variant="secondary" fullWidth>
          Ancho completo
        </Button>
      </Example>
      <Example title="Indicador de carga" row>
        <Spinner size="small" />
        <Spinner />
        <Spinner size="large" label="Procesando" />
      </Example>
    </GuideSection>
  );
}
