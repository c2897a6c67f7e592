import { Link } from 'react-router';
import { COOKIE_EXPIRY_DAYS } from '../../../shared/constants.ts';
import { cookieCategories } from '../../../shared/cookies.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { CookieTable } from '../components/CookieTable.tsx';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { mailtoHref, SUPPORT } from '../content/company.ts';

const consentYears = Math.round(COOKIE_EXPIRY_DAYS.consent / 365);

/** /cookie: what is stored on the device, per category (the shared cookie table), and how to decide about it. */
export default function CookiePolicyPage() {
  return (
    <StaticPage
      routeKey="cookies"
      lead={
        <>
          Esta política explica qué información guarda nuestra web en tu dispositivo, para qué la usamos, durante cuánto
          tiempo y cómo puedes aceptarla, rechazarla o cambiar de opinión.
        </>
      }
    >
      <Section id="que-son" title="¿Qué son las cookies?">
        <p>
          Las cookies son pequeños archivos que una web guarda en tu navegador. Otras tecnologías hacen lo mismo, como
          el almacenamiento local del navegador (IndexedDB y sessionStorage) o la copia de la aplicación que guarda su
          service worker para funcionar sin conexión. La ley (artículo 22.2 de la Ley 34/2002, de servicios de la
          sociedad de la información) las trata igual, y en esta política las llamamos a todas «cookies».
        </p>
        <p>
          Nuestra web no instala cookies HTTP ni carga scripts de terceros: todo lo que guarda es propio y está en la
          lista de abajo.
        </p>
      </Section>
      <Section id="que-guardamos" title="Qué guardamos en tu dispositivo">
        {cookieCategories.map((category) => (
          <CookieTable key={category.id} category={category} />
        ))}
      </Section>
      <Section id="tu-eleccion" title="Cómo aceptar, rechazar o cambiar tu elección">
        <p>
          La primera vez que entras te preguntamos qué categorías aceptas. Las estrictamente necesarias no se pueden
          desactivar; el resto solo se usan si las aceptas, y rechazarlas no te impide usar la web ni pedir un préstamo.
          Guardamos tu elección {consentYears === 1 ? 'un año' : `${consentYears} años`}; pasado ese tiempo te
          volveremos a preguntar.
        </p>
        <p>
          Puedes cambiar de opinión cuando quieras: borra los datos de este sitio en la configuración de tu navegador
          (en Chrome, Edge y Firefox, en «Privacidad y seguridad»; en Safari, en «Privacidad», «Gestionar datos de
          sitios web») y la próxima vez que entres te volveremos a preguntar. Borrarlos también cierra tu sesión.
        </p>
      </Section>
      <Section id="mas-informacion" title="Más información">
        <p>
          Cómo tratamos tus datos personales se explica en la{' '}
          <Link to={buildPath('privacyPolicy')}>política de privacidad</Link>. Si tienes dudas sobre esta política,
          escríbenos a <a href={mailtoHref(SUPPORT.email, 'Cookies')}>{SUPPORT.email}</a>. Si cambiamos lo que guardamos
          en tu dispositivo, actualizaremos esta página y, cuando haga falta, te volveremos a pedir tu consentimiento.
        </p>
      </Section>
    </StaticPage>
  );
}
