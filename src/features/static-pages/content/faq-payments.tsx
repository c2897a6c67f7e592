import { Link } from 'react-router';
import { OVERDUE } from '../../../shared/loan-constants.ts';
import { NAVIGATION_TEXTS } from '../../../shared/messages.ts';
import { DASHBOARD_TEXTS } from '../../../shared/messages-loan.ts';
import { buildPath } from '../../../shared/routes/paths.ts';
import { mailtoHref, SUPPORT, telHref } from './company.ts';
import type { FaqGroup } from './faq-types.ts';

/**
 * Rollover: overdueDay between −35 and 5 (second document §5), overdueDay being the due date minus today: from 5
 * days before the due date to 35 days after it. The constants name −35 after flexible payment.
 */
const ROLLOVER_UNTIL_DAYS_AFTER = -OVERDUE.flexiblePaymentUpper;

/** FAQ: repaying, early repayment, rollover, flexible payment and what happens when a payment fails. */
export const paymentsFaq: FaqGroup = {
  id: 'pagos',
  title: 'Pagos',
  items: [
    {
      id: 'como-pagar',
      question: '¿Cómo devuelvo mi préstamo?',
      answer: (
        <p>
          Desde tu Área de clientes, con el botón «{DASHBOARD_TEXTS.pay}»: con tu tarjeta de débito o mediante una
          transferencia desde tu banco. Puedes pagar la cuota que vence o, si quedan varias, el préstamo entero. Activa
          los recordatorios de pago en «{NAVIGATION_TEXTS.accountManagement}» y te avisaremos antes de cada vencimiento.
        </p>
      ),
    },
    {
      id: 'pago-anticipado',
      question: '¿Puedo devolver el préstamo antes de tiempo?',
      answer: (
        <p>
          Sí, en cualquier momento y total o parcialmente, como reconoce la Ley 16/2011. Al devolverlo antes te ahorras
          los intereses del tiempo que quedaba: en tu Área de clientes ves el importe exacto para cancelarlo hoy.
        </p>
      ),
    },
    {
      id: 'prorroga',
      question: `¿Qué es la «${DASHBOARD_TEXTS.rollover}»?`,
      answer: (
        <p>
          Es un aplazamiento del vencimiento de tu préstamo: pagas una parte (los intereses y el coste de la prórroga) y
          el resto de la deuda pasa a una fecha posterior. Está disponible para préstamos de una sola cuota, desde{' '}
          {OVERDUE.rolloverUpper} días antes del vencimiento hasta {ROLLOVER_UNTIL_DAYS_AFTER} días después. Si tu
          préstamo cumple las condiciones, verás el botón «{DASHBOARD_TEXTS.rollover}» en tu Área de clientes, con el
          importe y la nueva fecha antes de confirmar. Una prórroga encarece el préstamo: úsala solo si la necesitas.
        </p>
      ),
    },
    {
      id: 'pago-flexible',
      question: `¿Qué es el «${DASHBOARD_TEXTS.flexiblePayment}»?`,
      answer: (
        <p>
          Es una reestructuración de tu deuda en un nuevo calendario de cuotas, pensada para cuando no puedes pagar como
          estaba previsto. Si tu préstamo puede acogerse, verás el botón «{DASHBOARD_TEXTS.flexiblePayment}» en tu Área
          de clientes con el nuevo plan de pagos antes de aceptarlo. Mientras tengas un préstamo reestructurado,
          revisaremos tu situación antes de concederte otro.
        </p>
      ),
    },
    {
      id: 'no-puedo-pagar',
      question: '¿Qué pasa si no puedo pagar una cuota?',
      answer: (
        <>
          <p>
            Avísanos cuanto antes, mejor antes de la fecha de pago, en{' '}
            <a href={mailtoHref(SUPPORT.email)}>{SUPPORT.email}</a> o en el{' '}
            <a href={telHref(SUPPORT.phone)}>{SUPPORT.phoneDisplay}</a>, o usa «{DASHBOARD_TEXTS.repaymentProblems}» en
            tu Área de clientes. Según tu caso podemos ofrecerte la prórroga o el Pago Flexible.
          </p>
          <p>
            Si una cuota queda sin pagar, se aplican los intereses de demora y los gastos de reclamación previstos en tu
            contrato, te reclamaremos la deuda (también a través de empresas de recobro) y, tras avisarte, podemos
            comunicarla a sistemas comunes de información crediticia, lo que dificultaría que obtengas otros créditos.
            Las consecuencias se explican en los{' '}
            <Link to={buildPath('termsAndConditions')}>términos y condiciones</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'fecha-de-pago',
      question: '¿Puedo elegir la fecha de pago?',
      answer: (
        <p>
          Sí: al pedir el préstamo eliges la fecha del primer pago dentro del plazo que te proponemos, normalmente cerca
          de tu día de cobro. Las demás cuotas vencen cada mes en el mismo día. Los fines de semana y los festivos no se
          pueden elegir.
        </p>
      ),
    },
  ],
};
