import { Link } from 'react-router';
import { BRAND, ONE_TIME_CODE } from '../../../shared/constants.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { CompanyDetails } from '../components/CompanyDetails.tsx';
import { Requirements } from '../components/Requirements.tsx';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { mailtoHref, SUPPORT } from '../content/company.ts';
import { TermsAfterPayout } from '../content/terms-after.tsx';
import { TermsLoan } from '../content/terms-loan.tsx';

/**
 * /terminos-condiciones: the service and its conditions. What binds each loan is its own contract; this page
 * explains the general conditions in plain language.
 */
export default function TermsPage() {
  return (
    <StaticPage
      routeKey="termsAndConditions"
      lead={
        <>
          Estas condiciones regulan el uso de {BRAND} y explican, en lenguaje claro, cómo funcionan nuestros préstamos.
          Cada préstamo se rige además por su contrato y su información precontractual, que prevalecen en lo que regulen
          de forma distinta.
        </>
      }
    >
      <Section id="prestamista" title="Quién te presta">
        <CompanyDetails />
      </Section>
      <Section id="servicio" title="El servicio">
        <p>
          {BRAND} concede préstamos personales al consumo a través de su web y su app, sujetos a la Ley 16/2011 de
          contratos de crédito al consumo y a la normativa de contratación a distancia de servicios financieros. Desde
          tu Área de clientes puedes solicitar préstamos, consultar y pagar tus cuotas y gestionar tu cuenta.
        </p>
      </Section>
      <Section id="requisitos" title="Quién puede solicitar un préstamo">
        <Requirements />
        <p>
          Debes actuar en tu propio nombre, con datos verdaderos y actualizados, y tener una sola cuenta. Podemos
          rechazar o cerrar cuentas con datos falsos o usadas de forma fraudulenta.
        </p>
      </Section>
      <Section id="cuenta" title="Tu cuenta y tu PIN">
        <p>
          Accedes con tu móvil y tu PIN. Guárdalo en secreto y no lo compartas: nunca te lo pediremos por teléfono ni
          por correo electrónico. Si crees que alguien lo conoce, cámbialo y avísanos. Por seguridad bloqueamos el
          acceso tras {ONE_TIME_CODE.maxConsecutiveFailures} intentos fallidos seguidos, hasta que restablezcas el PIN.
        </p>
      </Section>
      <TermsLoan />
      <TermsAfterPayout />
      <Section id="comunicaciones" title="Comunicaciones">
        <p>
          Te enviamos por SMS, correo electrónico o en tu Área de clientes la información sobre tu préstamo (códigos de
          acceso, avisos de pago, cambios en tus condiciones). Las comunicaciones comerciales solo te llegan si las
          aceptas, y puedes darte de baja cuando quieras.
        </p>
      </Section>
      <Section id="reclamaciones" title="Reclamaciones">
        <p>
          Puedes presentar una reclamación escribiendo a{' '}
          <a href={mailtoHref(SUPPORT.email, 'Reclamación')}>{SUPPORT.email}</a> con el asunto «Reclamación», tu nombre,
          tu DNI o NIE y los hechos. Te enviaremos un acuse de recibo y una respuesta motivada por escrito en el plazo
          que fija la normativa aplicable.
        </p>
        <p>
          Si no estás conforme con la respuesta o no la recibes a tiempo, puedes acudir a los servicios de consumo de tu
          comunidad autónoma o de tu ayuntamiento (OMIC), a una junta arbitral de consumo, o a los juzgados.
        </p>
      </Section>
      <Section id="ley-aplicable" title="Ley aplicable y jurisdicción">
        <p>
          Estas condiciones y los contratos de préstamo se rigen por la ley española. Para cualquier conflicto son
          competentes los juzgados de tu domicilio.
        </p>
      </Section>
      <Section id="cambios" title="Cambios en estas condiciones">
        <p>
          Si cambiamos estas condiciones, publicaremos la nueva versión en esta página y te avisaremos con antelación.
          Los cambios no afectan a los préstamos ya firmados, salvo que lo acuerdes con nosotros. Dudas:{' '}
          <Link to={buildPath('contactUs')}>contáctanos</Link> o consulta las{' '}
          <Link to={buildPath('faq')}>preguntas frecuentes</Link>.
        </p>
      </Section>
    </StaticPage>
  );
}
