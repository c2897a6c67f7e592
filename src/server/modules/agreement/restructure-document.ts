import { createHash } from 'node:crypto';
import { formatDate, type IsoDate } from '../../../shared/dates.ts';
import { nominalAnnualRatePercent, type InstallmentLoanDefinition } from '../../../shared/loan/loan-definition.ts';
import { formatMoney, formatPercent, type Cents } from '../../../shared/money.ts';
import { LATE_PAYMENT_TEXT } from './agreement-document.ts';
import { documentHtml, facts, heading, paragraph, type Block, type LegalDocument } from './document.ts';
import type { LenderIdentity } from '../../../shared/lender.ts';
import { complaintsText, lenderFacts } from './lender-texts.ts';

export const RESTRUCTURE_PRECONTRACT_TITLE = 'Información precontractual del Pago Flexible';

/** A payable instalment the restructure replaces: its number, date and what it still owes today. */
export interface ReplacedInstallment {
  readonly number: number;
  readonly expectedDate: IsoDate;
  readonly owed: Cents;
}

/** A new instalment of the plan (RestructurePlanGet's). */
export interface NewInstallment {
  readonly number: number;
  readonly expectedDate: IsoDate;
  readonly base: Cents;
  readonly interest: Cents;
  readonly totalPayment: Cents;
}

/** Everything the document says, from the very plan RestructurePlanGet answers and RestructureLoanPost applies. */
export interface RestructureTerms {
  readonly lender: LenderIdentity;
  readonly loanId: number;
  /** Today in Madrid: the day the plan is computed (and valid). */
  readonly date: IsoDate;
  readonly definition: InstallmentLoanDefinition;
  readonly replaced: readonly ReplacedInstallment[];
  readonly debt: Cents;
  readonly principal: Cents;
  readonly carriedInterest: Cents;
  readonly totalCost: Cents;
  readonly totalPayment: Cents;
  readonly tae: number;
  readonly installments: readonly NewInstallment[];
}

const newPlanTable = (
  installments: readonly NewInstallment[],
  totals: Pick<RestructureTerms, 'principal' | 'totalCost' | 'totalPayment'>,
): Block => ({
  kind: 'table',
  className: 'restructure-precontract-plan',
  head: ['Cuota', 'Fecha', 'Capital', 'Intereses', 'Importe de la cuota'],
  rows: installments.map((item, index) => [
    String(index + 1),
    formatDate(item.expectedDate),
    formatMoney(item.base),
    formatMoney(item.interest),
    formatMoney(item.totalPayment),
  ]),
  foot: {
    label: 'Total',
    labelSpan: 2,
    cells: [formatMoney(totals.principal), formatMoney(totals.totalCost), formatMoney(totals.totalPayment)],
  },
});

const replacedTable = (replaced: readonly ReplacedInstallment[], debt: Cents): Block => ({
  kind: 'table',
  className: 'restructure-precontract-current',
  head: ['Cuota', 'Fecha', 'Importe adeudado hoy'],
  rows: replaced.map((item) => [String(item.number), formatDate(item.expectedDate), formatMoney(item.owed)]),
  foot: { label: 'Total', labelSpan: 2, cells: [formatMoney(debt)] },
});

/**
 * The pre-contract information of a 'Pago Flexible' (docs/rules/payments.md "Restructure"): a restructure replaces the
 * loan's payable instalments by a new plan, a new credit agreement, so the customer reads before accepting it what
 * changes (the instalments replaced and what they owe today), the new instalments and dates, the TIN, the TAE of the
 * new plan, its cost and the total to repay, with the same legal points as the loan's SECCI. Rendered from the plan
 * the server computes today; the accepted one is kept with the restructure (`loan_restructures.document`).
 */
export function restructurePrecontractDocument(terms: RestructureTerms): LegalDocument {
  const { lender } = terms;
  const brand = lender.tradeName;
  const date = formatDate(terms.date);
  const first = terms.installments[0];
  const last = terms.installments.at(-1);
  const tin = formatPercent(nominalAnnualRatePercent(terms.definition), 2);
  return {
    className: 'restructure-precontract',
    title: RESTRUCTURE_PRECONTRACT_TITLE,
    blocks: [
      paragraph(
        `Préstamo número ${terms.loanId}. Fecha: ${date}. El Pago Flexible sustituye las cuotas pendientes de su préstamo por un nuevo calendario de pagos: es un nuevo acuerdo de crédito. Esta información le permite decidir con conocimiento de causa si lo acepta (Directiva (UE) 2023/2225 y Ley 16/2011, de 24 de junio, de contratos de crédito al consumo).`,
      ),
      heading('1. Identidad y detalles de contacto del prestamista'),
      facts('restructure-precontract-lender', lenderFacts(lender)),
      heading('2. Qué cambia en su préstamo'),
      paragraph(
        `Estas cuotas pendientes dejan de pagarse en sus fechas y quedan sustituidas por el nuevo plan. Hoy, ${date}, adeuda por ellas ${formatMoney(terms.debt)}: ${formatMoney(terms.principal)} de capital y ${formatMoney(terms.carriedInterest)} de intereses devengados, que pasan al nuevo plan.`,
      ),
      replacedTable(terms.replaced, terms.debt),
      heading('3. El nuevo plan de pagos'),
      facts('restructure-precontract-terms', [
        ['Capital pendiente que se aplaza', formatMoney(terms.principal)],
        [
          'Plazos y orden de los pagos',
          `${terms.installments.length} cuotas mensuales, la primera el ${first ? formatDate(first.expectedDate) : date} y la última el ${last ? formatDate(last.expectedDate) : date}. Los pagos se aplican primero a la cuota impagada más antigua.`,
        ],
        ['Tipo deudor (TIN)', `${tin} anual, fijo, el de su contrato`],
        ['Tasa anual equivalente (TAE) del nuevo plan', formatPercent(terms.tae, 1)],
        ['Coste total (intereses devengados más los del nuevo plan)', formatMoney(terms.totalCost)],
        ['Importe total que deberá pagar', formatMoney(terms.totalPayment)],
        ['Comisiones y otros gastos', 'Ninguno: el Pago Flexible no tiene comisión'],
        ['Costes en caso de pagos atrasados', LATE_PAYMENT_TEXT],
      ]),
      newPlanTable(terms.installments, terms),
      paragraph(
        `La TAE del nuevo plan se ha calculado con la fórmula del Anexo I de la Ley 16/2011 suponiendo que el capital pendiente se dispone el ${date} y que cada nueva cuota se paga en su fecha.`,
      ),
      heading('4. Otros aspectos jurídicos importantes'),
      facts('restructure-precontract-legal', [
        [
          'Reembolso anticipado',
          `Sí. Puede pagar el nuevo plan total o parcialmente en cualquier momento, con reducción de los intereses del plazo que quede por transcurrir. ${brand} no cobra compensación por el reembolso anticipado (artículo 30 de la Ley 16/2011).`,
        ],
        [
          'Resto del contrato',
          'Las demás condiciones de su contrato de préstamo no cambian. Solo puede hacerse un Pago Flexible al día.',
        ],
        [
          'Plazo durante el cual esta información es válida',
          `Hoy, ${date}: los importes se calculan con lo que adeuda hoy. Otro día, el plan se calcula de nuevo y se le muestra antes de aceptarlo.`,
        ],
        ['Reclamaciones', complaintsText(lender)],
      ]),
    ],
  };
}

/** The document as HTML and the SHA-256 (hex) of that HTML: what the customer confirms they accepted. */
export function restructurePrecontract(terms: RestructureTerms): {
  document: LegalDocument;
  html: string;
  digest: string;
} {
  const document = restructurePrecontractDocument(terms);
  const html = documentHtml(document);
  return { document, html, digest: createHash('sha256').update(html).digest('hex') };
}
