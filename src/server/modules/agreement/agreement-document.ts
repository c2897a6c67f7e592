import { formatDate } from '../../../shared/dates.ts';
import type { LoanDefinition } from '../../../shared/loan/loan-definition.ts';
import {
  dailyRatePercent,
  monthlyRatePercent,
  nominalAnnualRatePercent,
} from '../../../shared/loan/loan-definition.ts';
import { buildPaymentPlan, type PaymentPlan } from '../../../shared/loan/plan.ts';
import { LATE_PAYMENT_CONTRACT_TEXT } from '../../../shared/loan/late.ts';
import { formatMoney, formatPercent } from '../../../shared/money.ts';
import { ROLLOVER } from '../../../shared/loan-constants.ts';
import { ROLLOVER_CHARGE_NAME } from '../../../shared/payment-statuses.ts';
import { facts, heading, paragraph, type Block, type LegalDocument } from './document.ts';

/** A paragraph when there is text, nothing otherwise. */
const optional = (text: string | null): Block[] => (text ? [paragraph(text)] : []);
import type { LenderIdentity } from '../../../shared/lender.ts';
import { lenderParty } from './lender-texts.ts';

/**
 * The consumer credit agreement (AgreementPost, LoanAgreementGetByLoanId, "Ver contrato", the PDF), in Spanish.
 *
 * Figures come from the plan and the definition and are shown in es-ES (`1.099,88 €`, `DD/MM/YYYY`). The legal
 * references are those of Ley 16/2011, de 24 de junio, de contratos de crédito al consumo: desistimiento (art. 28,
 * 14 días naturales), reembolso anticipado (art. 30), TAE (art. 32 and Anexo I, the equation of Directive
 * 2008/48/EC Annex I, kept by Directive 2023/2225).
 *
 * Decision: the product charges no compensation for early repayment (art. 30 would allow up to 1 % / 0,5 %).
 */

/** One loan as the agreement and the pre-contract information describe it: the same figures in both. */
export interface LoanTerms {
  readonly customerName?: string | null;
  readonly amountCents: number;
  readonly issueDate: string;
  readonly plan: PaymentPlan;
  /** TAE in percent, one decimal (`taeForPlan`, rounded). */
  readonly tae: number;
  readonly definition: LoanDefinition;
  /** Who lends (src/shared/lender.ts): the configured identity. */
  readonly lender: LenderIdentity;
  /** The saved loan's id, when there is one. */
  readonly loanId?: number | null;
}

export const AGREEMENT_TITLE = 'Contrato de préstamo al consumo';

/**
 * The figures every document of a loan prints, computed once. A minipréstamo's rate is daily (TIN = 365 × the daily
 * rate) and it is repaid in one payment; an interest-free first loan also carries `lapsed`: what is owed if it is not
 * repaid on its date (docs/rules/pricing-and-quotes.md "The interest-free first loan"), the standard price of the
 * same amount and term.
 */
export function loanFigures({ amountCents, issueDate, plan, tae, definition }: LoanTerms) {
  const first = plan.installments[0];
  const mini = definition.product === 'mini';
  const installment = formatMoney(first?.totalCents ?? 0);
  const firstDate = formatDate(first?.expectedDate ?? issueDate);
  const count = plan.installments.length;
  const tin = formatPercent(nominalAnnualRatePercent(definition), 2);
  const periodRate = mini
    ? `${formatPercent(dailyRatePercent(definition), 2)} diario`
    : `${formatPercent(monthlyRatePercent(definition), 2)} mensual`;
  const lapsedPlan = plan.interestFree
    ? buildPaymentPlan<LoanDefinition>({
        amountCents,
        issueDate,
        paymentDates: plan.installments.map((item) => item.expectedDate),
        definition,
      })
    : null;
  return {
    mini,
    amount: formatMoney(amountCents),
    issueDate: formatDate(issueDate),
    count,
    installment,
    lastDate: formatDate(plan.installments.at(-1)?.expectedDate ?? issueDate),
    firstDate,
    days: plan.totalInstallmentDays,
    /** How it is repaid, in words: «un solo pago de 345,00 € el 17/12/2026» or «12 cuotas mensuales de …». */
    repayment: mini
      ? `un solo pago de ${installment} el ${firstDate}`
      : `${count} cuotas mensuales de ${installment}, la primera el ${firstDate}`,
    tin,
    /** The borrowing rate as the documents state it: «273,75 % anual (0,75 % diario), fijo», or 0 % when free. */
    rate: plan.interestFree
      ? `0,00 %: primer préstamo sin intereses si se devuelve en su fecha (si no, ${tin} anual, ${periodRate})`
      : `${tin} anual (${periodRate}), fijo`,
    tae: formatPercent(tae, 1),
    interest: formatMoney(plan.totalInterestCents),
    totalOwed: formatMoney(amountCents + plan.totalInterestCents),
    lapsed: lapsedPlan
      ? {
          interest: formatMoney(lapsedPlan.totalInterestCents),
          totalOwed: formatMoney(lapsedPlan.totalCents),
          tin,
          periodRate,
        }
      : null,
  };
}

export type LoanFigures = ReturnType<typeof loanFigures>;

/**
 * The interest-free first loan's condition, in the contract's and the pre-contract information's words, with both
 * figures: what is repaid on the date, and what is owed if it is not.
 */
export function interestFreeText(f: LoanFigures): string | null {
  if (!f.lapsed) return null;
  return `Primer préstamo sin intereses: si se devuelven ${f.totalOwed} el ${f.firstDate}, no se pagan intereses ni comisiones. Si el ${f.firstDate} no se ha devuelto, la promoción decae: desde el día siguiente se adeudan los intereses del precio estándar para el plazo del préstamo (${f.lapsed.tin} anual, ${f.lapsed.periodRate}), ${f.lapsed.interest}, es decir, un total de ${f.lapsed.totalOwed}; a partir de entonces, como en cualquier préstamo, el retraso no genera comisiones ni intereses de demora.`;
}

/** The amortisation table: number, date, capital, interest, instalment; totals in the footer. */
export function planTable(className: string, plan: PaymentPlan): Block {
  return {
    kind: 'table',
    className,
    head: ['Cuota', 'Fecha', 'Capital', 'Intereses', 'Importe de la cuota'],
    rows: plan.installments.map((item, index) => [
      String(index + 1),
      formatDate(item.expectedDate),
      formatMoney(item.baseCents),
      formatMoney(item.interestCents),
      formatMoney(item.totalCents),
    ]),
    foot: {
      label: 'Total',
      labelSpan: 2,
      cells: [formatMoney(plan.totalBaseCents), formatMoney(plan.totalInterestCents), formatMoney(plan.totalCents)],
    },
  };
}

export function agreementDocument(terms: LoanTerms): LegalDocument {
  const { lender } = terms;
  const brand = lender.tradeName;
  const f = loanFigures(terms);
  const name = terms.customerName?.trim();
  const borrower = name ? { strong: name } : 'la persona titular de la solicitud';
  const reference = terms.loanId ? ` Préstamo número ${terms.loanId}.` : '';
  return {
    className: 'loan-agreement',
    title: AGREEMENT_TITLE,
    blocks: [
      paragraph(`En la fecha ${f.issueDate}.${reference}`),
      heading('1. Partes'),
      paragraph(
        `De una parte, ${lenderParty(lender)} (en adelante, el «Prestamista»). De otra parte, `,
        borrower,
        ' (en adelante, el «Prestatario»).',
      ),
      heading('2. Condiciones del préstamo'),
      facts('loan-agreement-terms', [
        ['Importe del préstamo (importe total del crédito)', f.amount],
        ['Fecha de disposición', f.issueDate],
        ...(f.mini
          ? ([['Devolución', `Un solo pago el ${f.firstDate} (${f.days} días)`]] as const)
          : ([
              ['Número de cuotas', String(f.count)],
              ['Fecha de la última cuota', `${f.lastDate} (${f.days} días)`],
            ] as const)),
        ['Tipo deudor (TIN)', f.rate],
        ['Tasa anual equivalente (TAE)', f.tae],
        ['Coste total del crédito (intereses)', f.interest],
        ['Importe total adeudado', f.totalOwed],
      ]),
      paragraph(
        'El préstamo no tiene comisiones ni gastos adicionales: el coste total del crédito son los intereses indicados.',
      ),
      ...optional(interestFreeText(f)),
      heading('3. Cuadro de amortización'),
      planTable('loan-agreement-plan', terms.plan),
      heading('4. Derecho de desistimiento'),
      paragraph(
        `El Prestatario podrá desistir del contrato, sin indicar los motivos y sin penalización alguna, en el plazo de 14 días naturales desde la firma del contrato, conforme al artículo 28 de la Ley 16/2011, de 24 de junio, de contratos de crédito al consumo. Para ejercerlo deberá comunicarlo a ${brand} antes de que venza el plazo y devolver el capital dispuesto y los intereses devengados desde la fecha de disposición hasta la fecha de devolución, sin ninguna demora indebida y a más tardar 30 días naturales después de enviar la notificación de desistimiento.`,
      ),
      heading('5. Reembolso anticipado'),
      paragraph(
        `El Prestatario podrá reembolsar anticipadamente, en cualquier momento, la totalidad o parte del importe pendiente, conforme al artículo 30 de la Ley 16/2011. Tendrá derecho a una reducción del coste total del crédito que comprenderá los intereses correspondientes al plazo que quede por transcurrir. ${brand} no cobra compensación alguna por el reembolso anticipado.`,
      ),
      heading('6. Retrasos en el pago'),
      paragraph(LATE_PAYMENT_TEXT),
      heading('7. Prórroga'),
      paragraph(ROLLOVER_TEXT(brand)),
      heading('8. Cálculo de la TAE'),
      paragraph(
        'La TAE se ha calculado conforme a la fórmula del Anexo I de la Ley 16/2011 (Anexo I de la Directiva 2008/48/CE, mantenida en la Directiva (UE) 2023/2225), suponiendo que el importe total del crédito se dispone en su totalidad en la fecha de disposición y que cada cuota se paga por su importe en la fecha indicada en el cuadro de amortización. Los intervalos entre fechas se expresan en meses (doce meses iguales por año) y, cuando no son meses completos, en días (365 días por año, 366 en años bisiestos). El resultado se expresa con un decimal.',
      ),
    ],
  };
}

/**
 * The rollover ('Prórroga', docs/rules/payments.md "Rollover") as the contract defines it: what is paid today is the
 * instalment's interest not paid yet, named «intereses de prórroga» as on the rollover page, the payment and the credit
 * history (ROLLOVER_CHARGE_NAME) — interest at the contract's TIN, not a fee.
 */
export const ROLLOVER_TEXT = (brand: string) =>
  `Cuando el préstamo tenga una sola cuota pendiente, el Prestatario podrá aplazar su fecha de pago, si ${brand} se lo ofrece en su área de clientes, a una de las fechas hábiles que se le muestren entre ${ROLLOVER.minDays} y ${ROLLOVER.maxDays} días después de la fecha de la cuota (o de la fecha de la solicitud, si es posterior). Para ello pagará ese día los intereses de la cuota aún no pagados («${ROLLOVER_CHARGE_NAME}»); no se cobra ninguna comisión por la prórroga. El capital pendiente pasa a la nueva fecha y devenga hasta ella el tipo deudor (TIN) de este contrato; el importe de la nueva cuota se muestra al Prestatario antes de que acepte la prórroga.`;

/**
 * Decision (docs/rules/loan-request.md "Agreement and pre-contract information"): no fee and no late-payment interest
 * for a late payment; the amount overdue is the instalment's, unchanged.
 */
export const LATE_PAYMENT_TEXT = LATE_PAYMENT_CONTRACT_TEXT;
