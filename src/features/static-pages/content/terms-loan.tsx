import { Section } from '../components/StaticPage.tsx';
import { RepresentativeExample } from '../components/RepresentativeExample.tsx';
import { productFacts } from '../product-facts.ts';

/** Terms: application and solvency, price and TAE, pre-contractual information, payout and instalments. */
export function TermsLoan() {
  return (
    <>
      <Section id="solicitud" title="Solicitud y evaluación de la solvencia">
        <p>
          Al solicitar un préstamo eliges el importe, el número de cuotas y la fecha del primer pago. Antes de
          concedértelo evaluamos tu solvencia, como exige el artículo 14 de la Ley 16/2011, con la información que nos
          das, la de tu cuenta bancaria y la de sistemas comunes de información crediticia. La decisión es automatizada
          y puedes pedir que la revise una persona. Podemos denegar una solicitud o conceder un importe menor; el
          importe máximo que puedes pedir es tu límite de crédito.
        </p>
      </Section>
      <Section id="precio" title="Precio del préstamo y TAE">
        <p>
          Los préstamos se devuelven en cuotas mensuales iguales (de {productFacts.installmentsMin} a{' '}
          {productFacts.installmentsMax}) que incluyen capital e intereses. El interés se calcula sobre el capital
          pendiente con el tipo deudor (TIN) fijo de tu contrato. No cobramos comisiones de apertura ni de estudio. La
          TAE se calcula con la fórmula del anexo I de la Ley 16/2011 a partir de los pagos reales de tu préstamo. Antes
          de aceptar ves el TIN, la TAE, el importe de cada cuota, sus fechas y el importe total adeudado.
        </p>
        <RepresentativeExample />
        <p>
          Primer préstamo al 0 %: si es tu primer préstamo con nosotros y su importe no supera{' '}
          {productFacts.firstLoanMax}, no pagas intereses ni comisiones siempre que pagues cada cuota a su vencimiento.
          Si una cuota se retrasa, desde ese momento se aplican los intereses y gastos por impago de tu contrato.
        </p>
      </Section>
      <Section id="contrato" title="Información precontractual y contrato">
        <p>
          Antes de que te obligues, te entregamos la Información Normalizada Europea sobre el Crédito al Consumo y el
          contrato, que puedes leer, descargar e imprimir. El contrato se formaliza por medios electrónicos cuando lo
          aceptas en la solicitud y queda disponible en tu Área de clientes.
        </p>
      </Section>
      <Section id="entrega" title="Entrega del dinero">
        <p>
          Si aprobamos tu solicitud y has completado los pasos que te pedimos (cuenta bancaria, documentos y tarjeta),
          transferimos el importe a tu cuenta {productFacts.payoutMinutes} minutos después de la solicitud. El plazo en
          que lo recibes depende de tu banco.
        </p>
      </Section>
      <Section id="pago-de-cuotas" title="Pago de las cuotas">
        <p>
          Pagas cada cuota en su fecha, desde tu Área de clientes, con tu tarjeta de débito o por transferencia
          bancaria. La fecha del primer pago la eliges al pedir el préstamo, entre{' '}
          {productFacts.firstRepaymentEarliestDays} y {productFacts.firstRepaymentLatestDays} días después de la
          solicitud, sin fines de semana ni festivos; las demás cuotas vencen cada mes. Los pagos se aplican a la cuota
          pendiente más antigua.
        </p>
      </Section>
    </>
  );
}
