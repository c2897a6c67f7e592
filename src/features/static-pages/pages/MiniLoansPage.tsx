import { Link } from 'react-router';
import { buildPath } from '../../../shared/routes/paths.ts';
import { RepresentativeExample } from '../components/RepresentativeExample.tsx';
import { ResponsibleBorrowing } from '../components/ResponsibleBorrowing.tsx';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { productFacts } from '../product-facts.ts';

/** /miniprestamos: what a mini-loan is, the first-loan 0 % offer, costs afterwards, and the responsible notice. */
export default function MiniLoansPage() {
  return (
    <StaticPage
      routeKey="miniLoans"
      lead={
        <>
          Los minipréstamos son préstamos de poco importe y a corto plazo para salir de un apuro. En Préstamo Rápido, tu
          primer préstamo de hasta {productFacts.firstLoanMax} no tiene intereses ni comisiones si lo devuelves a
          tiempo.
        </>
      }
    >
      <Section id="que-es" title="¿Qué es un minipréstamo?">
        <p>
          Es un crédito al consumo pequeño que se pide por internet, se resuelve en minutos y se devuelve en poco
          tiempo. Sirve para cubrir un gasto imprevisto hasta tu próxima nómina, no para financiar gastos de cada mes.
        </p>
      </Section>
      <Section id="primer-prestamo" title={`Tu primer préstamo al 0 %, hasta ${productFacts.firstLoanMax}`}>
        <p>
          Si es tu primer préstamo con nosotros y pides hasta {productFacts.firstLoanMax}, devuelves exactamente lo que
          te prestamos: 0 % de interés, sin comisiones de apertura ni de estudio.
        </p>
        <p>
          La condición es devolverlo a tiempo: pagar cada cuota como muy tarde en su fecha de vencimiento. Si una cuota
          se retrasa, se aplican desde ese momento los intereses y los gastos por impago previstos en tu contrato, que
          conoces antes de firmarlo.
        </p>
      </Section>
      <Section id="despues" title="Tus siguientes préstamos">
        <p>
          Cuando devuelves tu préstamo, tu límite de crédito puede crecer y puedes pedir importes mayores, de{' '}
          {productFacts.amountMin} a {productFacts.amountMax}. Esos préstamos sí tienen intereses: antes de aceptar
          verás siempre el TIN, la TAE y el importe total que pagarás. Un ejemplo:
        </p>
        <RepresentativeExample />
      </Section>
      <Section id="como-pedirlo" title="Cómo pedirlo">
        <p>
          Regístrate con tu móvil, completa tus datos y conecta tu cuenta bancaria. Si aprobamos tu solicitud, recibes
          el dinero {productFacts.payoutMinutes} minutos después.{' '}
          <Link to={buildPath('howItWorks')}>Ver los pasos</Link> o consultar los{' '}
          <Link to={buildPath('faq')}>requisitos y preguntas frecuentes</Link>.
        </p>
      </Section>
      <ResponsibleBorrowing />
    </StaticPage>
  );
}
