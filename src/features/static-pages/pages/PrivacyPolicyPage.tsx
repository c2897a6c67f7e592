import { Link } from 'react-router';
import { BRAND } from '../../../shared/constants.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { CompanyDetails } from '../components/CompanyDetails.tsx';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { COMPANY } from '../content/company.ts';
import { AutomatedDecisions, PrivacyPurposes } from '../content/privacy-purposes.tsx';
import { PrivacyRecipients, PrivacyRetention, PrivacyRights } from '../content/privacy-rights.tsx';

/**
 * /politica-privacidad: the information of RGPD art. 13 and the LOPDGDD: controller, data, purposes and legal
 * bases, automated decisions, retention, recipients, rights and the AEPD complaint.
 */
export default function PrivacyPolicyPage() {
  return (
    <StaticPage
      routeKey="privacyPolicy"
      lead={
        <>
          En {BRAND} tratamos tus datos personales para darte el servicio que nos pides y cumplir la ley. Aquí te
          explicamos cómo, según el Reglamento General de Protección de Datos (RGPD) y la Ley Orgánica 3/2018 (LOPDGDD).
        </>
      }
    >
      <Section id="responsable" title="Quién trata tus datos">
        <p>El responsable del tratamiento es:</p>
        <CompanyDetails />
        <p>Delegado de Protección de Datos: {COMPANY.dpoEmail}.</p>
      </Section>
      <Section id="datos" title="Qué datos tratamos">
        <ul>
          <li>Identificativos: nombre y apellidos, DNI o NIE, fecha de nacimiento y la foto de tu documento.</li>
          <li>De contacto: teléfono móvil, correo electrónico y dirección postal.</li>
          <li>
            Económicos: situación laboral, empresa, ingresos mensuales, tu cuenta bancaria y sus movimientos (si la
            conectas a través de un proveedor de acceso a cuentas), y los datos de tu tarjeta, que trata la pasarela de
            pago (nosotros solo guardamos sus últimos dígitos).
          </li>
          <li>
            De solvencia: la información que nos dan los sistemas comunes de información crediticia y tu historial de
            préstamos y pagos con nosotros.
          </li>
          <li>
            De uso y del dispositivo: dirección IP, identificador del navegador, registros de actividad y lo que guarda
            la web en tu dispositivo (ver la <Link to={buildPath('cookies')}>política de cookies</Link>).
          </li>
          <li>Tus comunicaciones con nosotros y tus preferencias y consentimientos.</li>
        </ul>
        <p>
          Los datos que te pedimos en los formularios son necesarios para estudiar tu solicitud y formalizar el
          préstamo: sin ellos no podemos concedértelo. Solo tratamos datos de mayores de edad.
        </p>
      </Section>
      <PrivacyPurposes />
      <AutomatedDecisions />
      <PrivacyRetention />
      <PrivacyRecipients />
      <PrivacyRights />
      <Section id="cambios" title="Cambios en esta política">
        <p>
          Si cambiamos cómo tratamos tus datos, actualizaremos esta página y, si el cambio es importante, te lo
          comunicaremos antes de aplicarlo.
        </p>
      </Section>
    </StaticPage>
  );
}
