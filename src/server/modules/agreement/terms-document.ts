import type { LoanDefinition } from '../../../shared/loan/loan-definition.ts';
import {
  dailyRatePercent,
  monthlyRatePercent,
  nominalAnnualRatePercent,
} from '../../../shared/loan/loan-definition.ts';
import { formatMoney, formatPercent } from '../../../shared/money.ts';
import { heading, list, paragraph, type LegalDocument } from './document.ts';

export const TERMS_TITLE = 'Términos y Condiciones';

/**
 * The general terms and conditions (`termsAndConditions`), in Spanish. The product's figures (amounts, number of
 * instalments, rate) come from the loan definition, so the terms never disagree with the contract. Legal
 * references: Ley 16/2011 de contratos de crédito al consumo, Ley 22/2007 de comercialización a distancia de
 * servicios financieros, Reglamento (UE) 2016/679 and Ley Orgánica 3/2018 (datos personales).
 */
export function termsDocument({ brand, definition }: { brand: string; definition: LoanDefinition }): LegalDocument {
  return {
    className: 'loan-terms',
    title: TERMS_TITLE,
    blocks: [
      heading('1. Objeto'),
      paragraph(
        `Estas condiciones generales regulan los préstamos al consumo que ${brand} concede a través de su aplicación a personas físicas residentes en España, mayores de edad, con DNI o NIE y una cuenta bancaria española a su nombre.`,
      ),
      heading('2. El producto'),
      definition.product === 'mini'
        ? list(
            `Minipréstamo: de ${formatMoney(definition.minAmountCents)} a ${formatMoney(definition.maxAmountCents)}, en tramos de ${formatMoney(definition.amountStepCents)}, o hasta el límite que ${brand} le haya concedido.`,
            'Plazo: un solo pago, en la fecha que el cliente elige al solicitarlo.',
            `Tipo deudor fijo: ${formatPercent(dailyRatePercent(definition), 2)} diario (${formatPercent(nominalAnnualRatePercent(definition), 2)} anual) sobre el importe prestado. El contrato de cada préstamo indica su TAE, calculada conforme al Anexo I de la Ley 16/2011.`,
            `Primer préstamo: hasta ${formatMoney(definition.firstLoanFreeMaxCents)} sin intereses ni comisiones si se devuelve en su fecha; si no, se adeudan los intereses del tipo deudor para el plazo del préstamo.`,
            'Sin comisiones de apertura ni de estudio, y sin compensación por reembolso anticipado.',
          )
        : list(
            `Importe: de ${formatMoney(definition.minAmountCents)} a ${formatMoney(definition.maxAmountCents)}, o hasta el límite de crédito que ${brand} le haya concedido.`,
            `Plazo: de ${definition.minInstallments} a ${definition.maxInstallments} cuotas mensuales de igual importe.`,
            `Tipo deudor fijo: ${formatPercent(monthlyRatePercent(definition), 2)} mensual (${formatPercent(nominalAnnualRatePercent(definition), 2)} anual). El contrato de cada préstamo indica su TAE, calculada conforme al Anexo I de la Ley 16/2011.`,
            'Sin comisiones de apertura ni de estudio, y sin compensación por reembolso anticipado.',
          ),
      heading('3. Solicitud y concesión'),
      paragraph(
        `La solicitud se realiza en la aplicación. ${brand} evalúa la solvencia del solicitante con la información que este facilita y con la que obtenga de su cuenta bancaria, con su consentimiento, y de los ficheros de solvencia, conforme al artículo 14 de la Ley 16/2011. ${brand} puede denegar una solicitud sin estar obligado a indicar el motivo, salvo que la denegación se base en la consulta de un fichero, en cuyo caso se le informará del resultado de la consulta.`,
      ),
      heading('4. Entrega del dinero'),
      paragraph(
        'Una vez aceptado el contrato y verificada la identidad del cliente, el importe se transfiere a la cuenta bancaria indicada por el cliente, de la que debe ser titular.',
      ),
      heading('5. Pago de las cuotas'),
      paragraph(
        'Cada cuota vence en la fecha indicada en el cuadro de amortización del contrato. El cliente autoriza el cobro de las cuotas en la tarjeta de débito que haya registrado; también puede pagar en la aplicación con tarjeta o por transferencia bancaria. Los pagos se aplican primero a la cuota impagada más antigua.',
      ),
      heading('6. Retrasos en el pago'),
      paragraph(
        `Si una cuota no se paga a su vencimiento, ${brand} se pondrá en contacto con el cliente para buscar una solución, que puede incluir una prórroga o una reestructuración de la deuda cuando estén disponibles. La falta de pago puede dar lugar a la inclusión de la deuda en ficheros de solvencia patrimonial, con aviso previo, y a su reclamación judicial o extrajudicial.`,
      ),
      heading('7. Derecho de desistimiento'),
      paragraph(
        'El cliente puede desistir del contrato en los 14 días naturales siguientes a su firma, sin indicar motivo y sin penalización, devolviendo el capital recibido y los intereses devengados hasta la devolución (artículo 28 de la Ley 16/2011).',
      ),
      heading('8. Reembolso anticipado'),
      paragraph(
        'El cliente puede devolver el préstamo total o parcialmente en cualquier momento, con reducción de los intereses del plazo que quede por transcurrir (artículo 30 de la Ley 16/2011).',
      ),
      heading('9. Comunicaciones'),
      paragraph(
        'Las comunicaciones se realizan por la aplicación, SMS, correo electrónico y notificaciones en el dispositivo. El cliente puede retirar en cualquier momento su consentimiento a recibir comunicaciones comerciales.',
      ),
      heading('10. Protección de datos'),
      paragraph(
        `${brand} trata los datos personales del cliente para gestionar la solicitud y el préstamo, evaluar su solvencia y cumplir sus obligaciones legales, conforme al Reglamento (UE) 2016/679 y a la Ley Orgánica 3/2018. El cliente puede ejercer sus derechos de acceso, rectificación, supresión, oposición, limitación y portabilidad, y reclamar ante la Agencia Española de Protección de Datos.`,
      ),
      heading('11. Reclamaciones'),
      paragraph(
        `El cliente puede presentar sus quejas y reclamaciones ante el servicio de atención al cliente de ${brand}, que responderá en el plazo legal. Si no está conforme con la respuesta, puede dirigirse a las autoridades de consumo competentes.`,
      ),
      heading('12. Ley aplicable'),
      paragraph(
        'Estas condiciones se rigen por la legislación española, en particular la Ley 16/2011, de 24 de junio, de contratos de crédito al consumo, y la Ley 22/2007, de 11 de julio, sobre comercialización a distancia de servicios financieros destinados a los consumidores.',
      ),
    ],
  };
}
