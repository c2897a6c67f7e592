import { Accordion } from '../../../lib/ui/Accordion.tsx';
import { Button } from '../../../lib/ui/Button.tsx';
import { Tabs } from '../../../lib/ui/Tabs.tsx';
import { Tooltip } from '../../../lib/ui/Tooltip.tsx';
import { GuideSection } from './GuideSection.tsx';
import { Example } from './Example.tsx';

const COOKIE_SECTIONS = [
  {
    id: 'necessary',
    title: 'Cookies estrictamente necesarias',
    content: 'Siempre activas: sin ellas la web no funciona.',
  },
  { id: 'functional', title: 'Cookies funcionales', content: 'Recuerdan tus preferencias.' },
  { id: 'analytics', title: 'Cookies analíticas', content: 'Nos ayudan a mejorar el servicio.' },
];

const INSTALLMENT_SECTIONS = [
  { id: 'first', title: 'Cuota 1', content: 'Detalles de la cuota 1.' },
  { id: 'second', title: 'Cuota 2', content: 'Detalles de la cuota 2.' },
];

export function DisclosureSection({ id, title }: { id: string; title: string }) {
  return (
    <GuideSection id={id} title={title}>
      <Example title="Pestañas">
        <Tabs
          aria-label="Ejemplo de pestañas"
          items={[
            { id: 'login', label: 'Inicia sesión', content: <p>Contenido de la primera pestaña.</p> },
            { id: 'register', label: 'Crea una cuenta', content: <p>Contenido de la segunda pestaña.</p> },
            { id: 'disabled', label: 'No disponible', content: null, isDisabled: true },
          ]}
        />
      </Example>
      <Example title="Acordeón: una sección abierta">
        <Accordion items={COOKIE_SECTIONS} headingLevel={4} defaultExpandedKeys={['necessary']} />
      </Example>
      <Example title="Acordeón: varias secciones abiertas">
        <Accordion items={INSTALLMENT_SECTIONS} headingLevel={4} allowsMultipleExpanded />
      </Example>
      <Example title="Ayuda emergente" row>
        <Tooltip content="Esta opción no está disponible actualmente según la evaluación reciente de tu perfil.">
          <Button variant="secondary">16 cuotas</Button>
        </Tooltip>
        <Tooltip content="Se abre al pasar el ratón o con el teclado." placement="bottom">
          <Button variant="link">¿Qué es la TAE?</Button>
        </Tooltip>
      </Example>
    </GuideSection>
  );
}
