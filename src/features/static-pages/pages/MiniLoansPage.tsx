import { Link } from 'react-router';
import { MINI_REPRESENTATIVE_EXAMPLE } from '../../../lib/loans/representative-examples.ts';
import { LATE_PAYMENT_CUSTOMER_TEXT } from '../../../shared/loan/late.ts';
import { formatMoney } from '../../../shared/money.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { RepresentativeExample } from '../components/RepresentativeExample.tsx';
import { ResponsibleBorrowing } from '../components/ResponsibleBorrowing.tsx';
import { Section, StaticPage } from '../components/StaticPage.tsx';
import { miniLoanFacts, productFacts } from '../product-facts.ts';

/**
 * /miniprestamos: the minipréstamo as the home calculator sells it (docs/rules/pricing-and-quotes.md): 100–600 € by
 * 50 €, one repayment 6 to about 31 days later, 0,75 % a day, the first loan up to 300 € at 0 % and what is owed if
 * it is not repaid on its date, and its representative example. Every figure comes from the constants or from the
 * built-in definition's example computed at build time.
 */
export default function MiniLoansPage() {
  const facts = miniLoanFacts;
  const example = MINI_REPRESENTATIVE_EXAMPLE;
  const exampleAmount = formatMoney(example.amountCents);
  return (
    <StaticPage
      routeKey="miniLoans"
      lead={
        <>
          Un minipréstamo es un préstamo pequeño, de {facts.amountMin} a {facts.amountMax}, que devuelves de una vez en
          pocas semanas. En Préstamo Rápido, tu primer minipréstamo de hasta {facts.firstLoanFreeMax} no tiene intereses
          si lo devuelves en la fecha acordada.
        </>
      }
    >
      <Section id="que-es" title="¿Qué es un minipréstamo?">
        <p>
          Es un crédito al consumo pequeño que se pide por internet, se resuelve en minutos y se devuelve en poco
          tiempo. Sirve para cubrir un gasto imprevisto hasta tu próxima nómina, no para financiar gastos de cada mes.
        </p>
      </Section>
      <Section id="nuestro-miniprestamo" title="Nuestro minipréstamo">
        <ul>
          <li>
            De {facts.amountMin} a {facts.amountMax}, en tramos de {facts.amountStep}.
          </li>
          <li>
            Lo devuelves en un solo pago, en la fecha que elijas: un día hábil entre {facts.earliestDays} y{' '}
            {facts.latestDays} días después de solicitarlo (si ese último día cae en fin de semana o festivo, puedes
            elegir hasta el siguiente día hábil).
          </li>
          <li>
            Cuesta un {facts.dailyRate} del importe por cada día hasta la fecha de pago, sin comisión de apertura ni de
            estudio: por ejemplo, {exampleAmount} durante {example.termDays} días son{' '}
            {formatMoney(example.totalInterestCents)} de intereses, {formatMoney(example.totalCents)} en total.
          </li>
          <li>Dinero en tu cuenta {productFacts.payoutMinutes} minutos después de solicitarlo, si lo aprobamos.</li>
        </ul>
        <p>
          Puedes calcular el tuyo en la <Link to={buildPath('home')}>calculadora de la página de inicio</Link>: elige el
          importe y los días y verás cuánto pagarás y en qué fecha.
        </p>
      </Section>
      <Section id="primer-prestamo" title={`Tu primer préstamo al 0 %, hasta ${facts.firstLoanFreeMax}`}>
        <p>
          Si es tu primer préstamo con nosotros y pides un minipréstamo de hasta {facts.firstLoanFreeMax}, devuelves
          exactamente lo que te prestamos en la fecha acordada: 0 % de interés (TAE 0 %), sin comisiones. Si pides más
          de {facts.firstLoanFreeMax}, el minipréstamo tiene su precio normal sobre todo el importe.
        </p>
        <p>
          La condición es devolverlo en su fecha. Si no lo devuelves ese día, pierdes la promoción: desde el día
          siguiente debes los intereses del precio normal para el plazo de tu préstamo (para {exampleAmount} a{' '}
          {example.termDays} días, {formatMoney(example.totalInterestCents)}: {formatMoney(example.totalCents)} en
          total). {LATE_PAYMENT_CUSTOMER_TEXT} Antes de firmar verás las dos cifras en la información precontractual y
          en el contrato: lo que devuelves en la fecha y lo que deberías si no lo haces.
        </p>
      </Section>
      <Section id="coste" title="Cuánto cuesta">
        <p>
          Antes de que aceptes nada te mostramos el TIN, la TAE y el importe total que pagarás. La TAE de un
          minipréstamo es alta porque su plazo es corto: expresa su coste como si se repitiera durante un año entero.
        </p>
        <RepresentativeExample product="mini" />
      </Section>
      <Section id="despues" title="Tus siguientes préstamos">
        <p>
          Cuando devuelves tu préstamo, puedes pedir otro minipréstamo o, si necesitas más, un{' '}
          <Link to={buildPath('quickLoans')}>préstamo a plazos</Link> de {productFacts.amountMin} a{' '}
          {productFacts.amountMax} en cuotas mensuales.
        </p>
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
