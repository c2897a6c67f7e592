import { DASHBOARD_TEXTS } from '../../../shared/messages-loan.ts';
import { Section } from '../components/StaticPage.tsx';
import { mailtoHref, SUPPORT } from './company.ts';

/** Terms: early repayment, rollover and restructuring, default, and the right of withdrawal (Ley 16/2011). */
export function TermsAfterPayout() {
  return (
    <>
      <Section id="reembolso-anticipado" title="Reembolso anticipado">
        <p>
          Puedes devolver el préstamo antes de tiempo, total o parcialmente, en cualquier momento (artículo 30 de la Ley
          16/2011). Pagas el capital pendiente y los intereses devengados hasta ese día, y te ahorras los del tiempo que
          quedaba. Si tu contrato prevé una compensación por reembolso anticipado, nunca superará los límites de ese
          artículo: el 1 % del importe reembolsado, o el 0,5 % si quedan 12 meses o menos para el final del contrato. El
          importe para cancelar tu préstamo hoy se muestra en tu Área de clientes.
        </p>
      </Section>
      <Section id="prorroga-y-pago-flexible" title="Prórroga y Pago Flexible">
        <p>
          «{DASHBOARD_TEXTS.rollover}»: en los préstamos de una sola cuota, y durante el plazo que se indica en tu Área
          de clientes, puedes aplazar el vencimiento pagando los intereses y el coste de la prórroga. «
          {DASHBOARD_TEXTS.flexiblePayment}»: si no puedes pagar como estaba previsto, podemos reestructurar tu deuda en
          un nuevo calendario de cuotas. En ambos casos ves el importe, las nuevas fechas y el coste antes de aceptar, y
          el acuerdo modifica tu contrato. Ninguno de los dos es un derecho automático: dependen de la situación de tu
          préstamo.
        </p>
      </Section>
      <Section id="impago" title="Consecuencias del impago">
        <ul>
          <li>Se aplican los intereses de demora y los gastos de reclamación que fija tu contrato.</li>
          <li>
            Te reclamaremos la deuda por teléfono, SMS, correo electrónico o carta, directamente o a través de empresas
            de recobro.
          </li>
          <li>
            Tras requerirte el pago y avisarte, podemos comunicar la deuda a sistemas comunes de información crediticia,
            lo que puede impedirte obtener otros créditos.
          </li>
          <li>
            Si el impago continúa, podemos dar por vencido el préstamo en los casos que permite la ley y reclamarlo
            judicialmente, con los costes que ello conlleve.
          </li>
        </ul>
        <p>Si prevés que no vas a poder pagar, avísanos cuanto antes: casi siempre hay una solución mejor.</p>
      </Section>
      <Section id="desistimiento" title="Derecho de desistimiento">
        <p>
          Tienes 14 días naturales para desistir del contrato sin indicar el motivo y sin penalización (artículo 28 de
          la Ley 16/2011). El plazo empieza el día en que firmas el contrato o, si es posterior, el día en que recibes
          sus condiciones.
        </p>
        <p>
          Para desistir, comunícanoslo antes de que termine el plazo por un medio que deje constancia, por ejemplo, un
          correo electrónico a <a href={mailtoHref(SUPPORT.email, 'Desistimiento')}>{SUPPORT.email}</a> con el asunto
          «Desistimiento». Después, y como máximo 30 días naturales después de enviarnos la comunicación, debes
          devolvernos el capital y los intereses acumulados desde que recibiste el dinero hasta la fecha de devolución,
          calculados con el tipo deudor del contrato. No te cobraremos nada más.
        </p>
      </Section>
    </>
  );
}
