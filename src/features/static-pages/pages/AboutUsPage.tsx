import { Link } from 'react-router';
import { BRAND } from '../../../shared/constants.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { CompanyDetails } from '../components/CompanyDetails.tsx';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { productFacts } from '../product-facts.ts';

/** /sobre-nosotros: who we are, how we work, security, and the company's identification. */
export default function AboutUsPage() {
  return (
    <StaticPage
      routeKey="aboutUs"
      lead={
        <>
          {BRAND} es un servicio de préstamos online para personas residentes en España. Queremos que pedir un préstamo
          sea rápido, pero también claro y responsable.
        </>
      }
    >
      <Section id="que-hacemos" title="Qué hacemos">
        <p>
          Concedemos préstamos personales de {productFacts.amountMin} a {productFacts.amountMax} que se devuelven en
          cuotas mensuales, y un primer préstamo de hasta {productFacts.firstLoanMax} sin intereses si se devuelve a
          tiempo. Todo el proceso es online: desde la solicitud hasta el pago de la última cuota, que gestionas en tu
          Área de clientes.
        </p>
      </Section>
      <Section id="como-trabajamos" title="Cómo trabajamos">
        <ul>
          <li>
            <strong>Transparencia.</strong> Antes de aceptar ves el importe de cada cuota, las fechas, el total que
            pagarás, el TIN y la TAE, calculada con la fórmula de la Ley 16/2011. Sin letra pequeña ni costes ocultos.
          </li>
          <li>
            <strong>Préstamo responsable.</strong> Estudiamos la solvencia de cada solicitante antes de prestar y no
            concedemos más de lo que creemos que podrás devolver. Si tienes dificultades para pagar, te ayudamos a
            buscar una salida, como la prórroga o el Pago Flexible.
          </li>
          <li>
            <strong>Rapidez.</strong> Si aprobamos tu solicitud, el dinero sale hacia tu cuenta{' '}
            {productFacts.payoutMinutes} minutos después de pedirlo.
          </li>
          <li>
            <strong>Atención cercana.</strong> Resolvemos tus dudas en español, por teléfono y por correo electrónico:{' '}
            <Link to={buildPath('contactUs')}>contáctanos</Link>.
          </li>
        </ul>
      </Section>
      <Section id="seguridad" title="Tu seguridad">
        <p>
          La conexión con nuestra web está cifrada, tu PIN nunca se guarda en claro y las tarjetas se verifican con tu
          banco mediante 3-D Secure. Nunca te pediremos tu PIN ni los códigos que te enviamos por SMS por teléfono o por
          correo electrónico. Cómo tratamos tus datos lo explica nuestra{' '}
          <Link to={buildPath('privacyPolicy')}>política de privacidad</Link>.
        </p>
      </Section>
      <Section id="datos-de-la-entidad" title="Datos de la entidad">
        <p>
          Datos identificativos del titular de este servicio. Los que aparecen entre corchetes son datos de la entidad
          pendientes de completar.
        </p>
        <CompanyDetails />
      </Section>
    </StaticPage>
  );
}
