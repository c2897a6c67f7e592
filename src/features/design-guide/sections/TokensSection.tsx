import { colors, sizes, type ColorToken } from '../../../lib/ui/tokens.ts';
import { GuideSection } from './GuideSection.tsx';
import { Example } from './Example.tsx';

const SWATCHES: readonly { token: ColorToken; name: string }[] = [
  { token: 'primary', name: 'Marca (solo decoración)' },
  { token: 'primaryStrong', name: 'Primario para texto y botones' },
  { token: 'primaryStronger', name: 'Primario al pasar el ratón' },
  { token: 'primarySoft', name: 'Fondo seleccionado' },
  { token: 'text', name: 'Texto' },
  { token: 'textMuted', name: 'Texto secundario' },
  { token: 'borderStrong', name: 'Borde de campos' },
  { token: 'surface', name: 'Superficie' },
  { token: 'success', name: 'Éxito' },
  { token: 'danger', name: 'Error' },
  { token: 'warning', name: 'Advertencia' },
  { token: 'info', name: 'Información' },
];

export function TokensSection({ id, title }: { id: string; title: string }) {
  return (
    <GuideSection
      id={id}
      title={title}
      description="El azul de marca #0099ff no tiene contraste suficiente para texto: el texto, los enlaces y los botones usan sus variantes oscuras."
    >
      <div className="design-guide-example design-guide-example--wide">
        <h3>Colores</h3>
        <ul className="design-guide-swatches">
          {SWATCHES.map(({ token, name }) => (
            <li key={token} className="design-guide-swatch">
              <span className="design-guide-swatch-colour" style={{ background: colors[token] }} />
              <span>{name}</span>
              <code>{colors[token]}</code>
            </li>
          ))}
        </ul>
      </div>
      <Example title="Tipografía">
        <p style={{ fontSize: 'var(--font-size-xl)', fontWeight: 700, margin: 0 }}>Solicita tu préstamo</p>
        <p style={{ fontSize: 'var(--font-size-lg)', margin: 0 }}>Recibe hasta 600 €</p>
        <p style={{ margin: 0 }}>
          Texto normal con un <a href="#colores">enlace</a> dentro.
        </p>
        <p style={{ margin: 0, color: 'var(--color-text-muted)', fontSize: 'var(--font-size-sm)' }}>Texto secundario</p>
        <p className="design-guide-sample-strong">Texto blanco sobre el primario oscuro</p>
      </Example>
      <Example title="Medidas">
        <dl className="design-guide-stack" style={{ margin: 0 }}>
          <div>
            <dt>Altura de cabecera y de campos</dt>
            <dd>
              {sizes.headerHeight} px / {sizes.inputHeight} px
            </dd>
          </div>
          <div>
            <dt>Ancho máximo del contenido</dt>
            <dd>{sizes.containerMaxWidth} px</dd>
          </div>
          <div>
            <dt>Área táctil mínima</dt>
            <dd>{sizes.touchTarget} px</dd>
          </div>
          <div>
            <dt>Puntos de corte</dt>
            <dd>700 / 900 / 1280 / 1600 px (menú móvil hasta 890 px)</dd>
          </div>
        </dl>
      </Example>
    </GuideSection>
  );
}
