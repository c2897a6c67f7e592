import '../../lib/ui/tokens.css';
import { ButtonsSection } from './sections/ButtonsSection.tsx';
import { ChoicesSection } from './sections/ChoicesSection.tsx';
import { DatesSection } from './sections/DatesSection.tsx';
import { DisclosureSection } from './sections/DisclosureSection.tsx';
import { DialogsSection } from './sections/DialogsSection.tsx';
import { ModalsSection } from './sections/ModalsSection.tsx';
import { TextFieldsSection } from './sections/TextFieldsSection.tsx';
import { ToastsSection } from './sections/ToastsSection.tsx';
import { TokensSection } from './sections/TokensSection.tsx';
import './design-guide.css';

const SECTIONS = [
  { id: 'colores', title: 'Colores y tipografía' },
  { id: 'botones', title: 'Botones e indicadores' },
  { id: 'campos', title: 'Campos de texto' },
  { id: 'seleccion', title: 'Selección' },
  { id: 'fechas', title: 'Fechas' },
  { id: 'contenido', title: 'Pestañas, acordeón y ayudas' },
  { id: 'modales', title: 'Ventanas modales' },
  { id: 'dialogos', title: 'Diálogos de confirmación' },
  { id: 'notificaciones', title: 'Notificaciones' },
] as const;

/** /design-guide: every primitive of src/lib/ui in its states, a living style guide. */
export default function DesignGuidePage() {
  return (
    <article className="design-guide">
      <header className="design-guide-intro">
        <h1>Guía de diseño</h1>
        <p>
          Los componentes de la aplicación en todos sus estados. Son accesibles con teclado y lector de pantalla, y sus
          colores cumplen el contraste WCAG AA.
        </p>
        <nav aria-label="Secciones de la guía">
          <ul className="design-guide-toc">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <TokensSection id="colores" title={SECTIONS[0].title} />
      <ButtonsSection id="botones" title={SECTIONS[1].title} />
      <TextFieldsSection id="campos" title={SECTIONS[2].title} />
      <ChoicesSection id="seleccion" title={SECTIONS[3].title} />
      <DatesSection id="fechas" title={SECTIONS[4].title} />
      <DisclosureSection id="contenido" title={SECTIONS[5].title} />
      <ModalsSection id="modales" title={SECTIONS[6].title} />
      <DialogsSection id="dialogos" title={SECTIONS[7].title} />
      <ToastsSection id="notificaciones" title={SECTIONS[8].title} />
    </article>
  );
}
