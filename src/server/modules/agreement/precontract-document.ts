import { illustrativeDisclaimer } from '../../../shared/loan/disclaimer.ts';
import { interestFreeText, LATE_PAYMENT_TEXT, loanFigures, planTable, type LoanTerms } from './agreement-document.ts';
import { facts, heading, paragraph, type LegalDocument } from './document.ts';
import { complaintsText, lenderFacts } from './lender-texts.ts';

export const PRECONTRACT_TITLE = 'Información normalizada europea sobre el crédito al consumo';

/**
 * The pre-contract information (SECCI, "Información normalizada europea sobre el crédito al consumo": Directive
 * (EU) 2023/2225 art. 10 and Annex I, applicable since 20 November 2026; Ley 16/2011 art. 10 and Anexo II), built
 * from the very `LoanTerms` the agreement is built from: amount, duration, instalments, TIN, TAE and total payable
 * are the agreement's figures, character for character. The headings are those of the standard form.
 *
 * Decisions (docs/rules/loan-request.md "Agreement and pre-contract information"): the information binds the lender for
 * 14 calendar days from its date or until the agreement is accepted; no fee of any kind; a late payment only keeps
 * bearing the borrowing rate.
 */
export function precontractDocument(terms: LoanTerms, { payoutMinutes }: { payoutMinutes: number }): LegalDocument {
  const { lender, definition } = terms;
  const brand = lender.tradeName;
  const f = loanFigures(terms);
  const free = interestFreeText(f);
  const reference = terms.loanId
    ? `Préstamo número ${terms.loanId}, solicitado el ${f.issueDate}.`
    : `Fecha: ${f.issueDate}.`;
  return {
    className: 'loan-precontract',
    title: PRECONTRACT_TITLE,
    blocks: [
      paragraph(
        `${reference} Esta información le permite comparar ofertas y decidir con conocimiento de causa si celebra el contrato de crédito (Directiva (UE) 2023/2225 y Ley 16/2011, de 24 de junio, de contratos de crédito al consumo).`,
      ),
      heading('1. Identidad y detalles de contacto del prestamista'),
      facts('loan-precontract-lender', lenderFacts(lender)),
      heading('2. Descripción de las características principales del producto de crédito'),
      facts('loan-precontract-product', [
        [
          'Tipo de crédito',
          f.mini
            ? `Préstamo al consumo a corto plazo, de un solo pago (${definition.name})`
            : `Préstamo al consumo a plazos (${definition.name})`,
        ],
        ['Importe total del crédito', f.amount],
        [
          'Condiciones de disposición de fondos',
          `Una vez aceptado el contrato, el importe se transfiere a la cuenta bancaria que usted ha indicado, de la que debe ser titular, en unos ${payoutMinutes} minutos.`,
        ],
        ['Duración del contrato de crédito', `${f.days} días: de ${f.issueDate} a ${f.lastDate}`],
        [
          'Plazos y orden de los pagos',
          f.mini
            ? `Un solo pago de ${f.installment} el ${f.firstDate}.`
            : `${f.count} cuotas mensuales de ${f.installment}, la primera el ${f.firstDate}. Los pagos se aplican primero a la cuota impagada más antigua.`,
        ],
        ['Importe total que deberá usted pagar', `${f.totalOwed} (importe del crédito más los intereses)`],
      ]),
      planTable('loan-precontract-plan', terms.plan),
      heading('3. Costes del crédito'),
      facts('loan-precontract-costs', [
        ['Tipo deudor (TIN)', f.lapsed ? f.rate : `${f.rate} durante toda la vida del crédito`],
        ['Tasa anual equivalente (TAE)', f.tae],
        ['Coste total del crédito (intereses)', f.interest],
        ['Importe total adeudado', f.totalOwed],
        ['Comisiones y otros gastos', 'Ninguno: sin comisión de apertura, de estudio ni de mantenimiento'],
        ...(free ? ([['Condición del préstamo sin intereses', free]] as const) : []),
        ['Costes en caso de pagos atrasados', LATE_PAYMENT_TEXT],
      ]),
      paragraph(
        `La TAE es el coste total del crédito expresado en porcentaje anual del importe total del crédito y sirve para comparar ofertas. Se ha calculado con la fórmula del Anexo I de la Ley 16/2011 suponiendo que el importe se dispone en su totalidad el ${f.issueDate} y que cada cuota se paga en su fecha.`,
      ),
      paragraph(illustrativeDisclaimer(definition)),
      heading('4. Otros aspectos jurídicos importantes'),
      facts('loan-precontract-legal', [
        [
          'Derecho de desistimiento',
          'Sí. Puede desistir del contrato en un plazo de 14 días naturales desde su firma, sin indicar el motivo y sin penalización, devolviendo el capital recibido y los intereses devengados hasta la devolución (artículo 28 de la Ley 16/2011).',
        ],
        [
          'Reembolso anticipado',
          `Sí. Puede reembolsar el crédito total o parcialmente en cualquier momento, con reducción de los intereses del plazo que quede por transcurrir. ${brand} no cobra compensación por el reembolso anticipado (artículo 30 de la Ley 16/2011).`,
        ],
        [
          'Consulta de una base de datos',
          'Si la solicitud se deniega por la consulta de un fichero de solvencia, se le informará de inmediato, gratuitamente y con el detalle del fichero consultado.',
        ],
        [
          'Derecho a un proyecto del contrato de crédito',
          'Sí. Puede obtener gratuitamente una copia del proyecto de contrato: es el contrato que se le muestra antes de aceptarlo, que también puede descargar.',
        ],
        [
          'Plazo durante el cual el prestamista está vinculado por la información precontractual',
          `Esta información es válida durante 14 días naturales desde el ${f.issueDate} o hasta que acepte el contrato.`,
        ],
      ]),
      heading('5. Información adicional'),
      facts('loan-precontract-more', [
        [
          'Ley aplicable',
          'Legislación española: Ley 16/2011, de contratos de crédito al consumo, y Ley 22/2007, de comercialización a distancia de servicios financieros.',
        ],
        [
          'Lengua',
          'La información y el contrato se facilitan en español, y las comunicaciones durante la vigencia del contrato serán en español.',
        ],
        ['Reclamaciones', complaintsText(lender)],
      ]),
    ],
  };
}
