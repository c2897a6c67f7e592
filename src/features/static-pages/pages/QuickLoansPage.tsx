import { Link } from 'react-router';
import { buildPath } from '../../../shared/routes/paths.ts';
import { RepresentativeExample } from '../components/RepresentativeExample.tsx';
import { ResponsibleBorrowing } from '../components/ResponsibleBorrowing.tsx';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { productFacts } from '../product-facts.ts';

/** /prestamos-rapidos: what a quick loan is, ours, its cost, when it makes sense, and the responsible notice. */
export default function QuickLoansPage() {
  return (
    <StaticPage
      routeKey="quickLoans"
      lead={
        <>
          Un préstamo rápido es un préstamo personal que se pide por internet y se resuelve en minutos, sin papeles ni
          visitas a una oficina. Te contamos cómo son los nuestros y cuánto cuestan.
        </>
      }
    >
      <Section id="que-es" title="¿Qué es un préstamo rápido?">
        <p>
          Es un crédito al consumo de importe moderado que devuelves en cuotas. Lo que lo hace rápido es el proceso:
          solicitas desde el móvil, verificamos tus datos en línea y, si lo aprobamos, el dinero llega a tu cuenta el
          mismo día. Como cualquier crédito al consumo, está regulado por la Ley 16/2011 de contratos de crédito al
          consumo: antes de firmar recibes la información precontractual y tienes 14 días para desistir.
        </p>
      </Section>
      <Section id="nuestros-prestamos" title="Nuestros préstamos rápidos">
        <ul>
          <li>
            De {productFacts.amountMin} a {productFacts.amountMax}, en {productFacts.installmentOptions} cuotas
            mensuales iguales.
          </li>
          <li>Dinero en tu cuenta {productFacts.payoutMinutes} minutos después de solicitarlo, si lo aprobamos.</li>
          <li>Sin cambiar de banco y sin comisión de apertura.</li>
          <li>
            Tu primer préstamo, hasta {productFacts.firstLoanMax}, al 0 %: sin intereses ni comisiones si lo devuelves a
            tiempo.
          </li>
          <li>Puedes devolverlo antes de tiempo cuando quieras y ahorrarte los intereses del tiempo que quedaba.</li>
        </ul>
        <p>
          <Link to={buildPath('howItWorks')}>Así se pide, paso a paso</Link>.
        </p>
      </Section>
      <Section id="coste" title="Cuánto cuesta">
        <p>
          El coste de un préstamo rápido es mayor que el de un préstamo bancario a largo plazo, porque se concede en
          minutos, a plazos cortos y sin garantías. Por eso te mostramos siempre el TIN, la TAE y el importe total que
          pagarás antes de que aceptes nada. Por ejemplo:
        </p>
        <RepresentativeExample />
      </Section>
      <Section id="cuando" title="¿Cuándo tiene sentido?">
        <p>Un préstamo rápido puede ayudarte con un gasto puntual que no puede esperar, por ejemplo:</p>
        <ul>
          <li>una reparación urgente del coche o de la casa;</li>
          <li>un gasto médico o dental imprevisto;</li>
          <li>un electrodoméstico imprescindible que se ha estropeado.</li>
        </ul>
        <p>
          No es buena idea para gastos que se repiten cada mes, para caprichos que pueden esperar ni para devolver otras
          deudas: en esos casos, el coste se suma a un problema que no desaparece.
        </p>
      </Section>
      <ResponsibleBorrowing />
    </StaticPage>
  );
}
