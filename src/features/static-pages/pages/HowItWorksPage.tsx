import { Link } from 'react-router';
import { buildPath } from '../../../shared/routes/paths.ts';
import { HowItWorksSteps } from '../components/HowItWorksSteps.tsx';
import { RepresentativeExample } from '../components/RepresentativeExample.tsx';
import { Requirements } from '../components/Requirements.tsx';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { productFacts } from '../product-facts.ts';

/** /como-funciona: the three steps, the requirements, amounts and terms, the cost, and what follows the request. */
export default function HowItWorksPage() {
  return (
    <StaticPage
      routeKey="howItWorks"
      lead={
        <>
          Pedir tu préstamo en Préstamo Rápido es 100 % online y lleva unos minutos. Te explicamos los pasos, lo que
          necesitas y cuánto cuesta antes de que empieces.
        </>
      }
    >
      <Section id="pasos" title="Tu préstamo en tres pasos">
        <HowItWorksSteps />
        <p>
          <Link className="ui-button ui-button--primary" to={buildPath('home')}>
            Calcula tu préstamo
          </Link>
        </p>
      </Section>
      <Section id="requisitos" title="Requisitos">
        <p>Para solicitar un préstamo necesitas:</p>
        <Requirements />
        <p>
          Antes de concederte un préstamo estudiamos tu solvencia, como exige la Ley 16/2011 de contratos de crédito al
          consumo: cumplir los requisitos no garantiza la aprobación.
        </p>
      </Section>
      <Section id="importes" title="Importes y plazos">
        <ul>
          <li>
            Importe: de {productFacts.amountMin} a {productFacts.amountMax}, en tramos de {productFacts.amountStep}. El
            importe máximo que podemos prestarte es tu límite de crédito, que te mostramos al aprobar tu solicitud.
          </li>
          <li>
            Plazo: de {productFacts.installmentsMin} a {productFacts.installmentsMax} cuotas mensuales (
            {productFacts.installmentOptions}).
          </li>
          <li>
            Primer pago: eliges la fecha entre {productFacts.firstRepaymentEarliestDays} y{' '}
            {productFacts.firstRepaymentLatestDays} días después de la solicitud; los fines de semana y los festivos no
            se pueden elegir.
          </li>
          <li>
            Tu primer préstamo, hasta {productFacts.firstLoanMax}, es al 0 %: sin intereses ni comisiones si lo
            devuelves a tiempo.
          </li>
        </ul>
      </Section>
      <Section id="coste" title="Cuánto cuesta">
        <p>
          Todas las cuotas de un préstamo son iguales. Cada una paga una parte del capital y los intereses del capital
          que aún debes, así que al principio pagas más intereses y al final más capital. Antes de firmar ves el
          calendario completo de pagos.
        </p>
        <p>
          El TIN (tipo deudor) es el interés nominal anual del préstamo. La TAE (tasa anual equivalente) expresa en un
          solo porcentaje anual todo lo que te cuesta el préstamo, calculada con la fórmula que fija la ley, y sirve
          para comparar ofertas.
        </p>
        <RepresentativeExample />
      </Section>
      <Section id="despues" title="Qué pasa después de solicitarlo">
        <ol>
          <li>
            Conectas tu cuenta bancaria (a través de un proveedor de acceso a cuentas o introduciendo sus datos) para
            que podamos verificar tu identidad y tus ingresos y enviarte el dinero.
          </li>
          <li>
            Confirmas el importe, el número de cuotas y la fecha del primer pago, revisas la información precontractual
            y el contrato, y los aceptas.
          </li>
          <li>Subes una foto de tu DNI o NIE.</li>
          <li>Añades tu tarjeta de débito, que verificamos con tu banco mediante 3-D Secure.</li>
          <li>
            Recibes el dinero y, desde tu Área de clientes, consultas tus cuotas, pagas y activas los recordatorios de
            pago.
          </li>
        </ol>
      </Section>
      <Section id="dudas" title="¿Tienes dudas?">
        <p>
          Consulta las <Link to={buildPath('faq')}>preguntas frecuentes</Link> o{' '}
          <Link to={buildPath('contactUs')}>contacta con nosotros</Link>. Las condiciones completas están en los{' '}
          <Link to={buildPath('termsAndConditions')}>términos y condiciones</Link>.
        </p>
      </Section>
    </StaticPage>
  );
}
