import { formatDate } from '../../../shared/dates.ts';
import type { LoanDefinition } from '../../../shared/loan/loan-definition.ts';
import { monthlyRatePercent, nominalAnnualRatePercent } from '../../../shared/loan/loan-definition.ts';
import type { PaymentPlan } from '../../../shared/loan/plan.ts';
import { formatMoney, formatPercent } from '../../../shared/money.ts';
import { markup } from './html.ts';

export { escapeHtml } from './html.ts';

/**
 * The consumer credit agreement as an HTML fragment (AgreementPost, "Ver contrato", the PDF), in Spanish.
 *
 * Figures come from the plan and the definition and are shown in es-ES (`1.099,88 €`, `DD/MM/YYYY`). Every
 * interpolated value goes through the `markup` tag, which escapes it (`& < > " '`), so a customer name such as
 * `<script>` is shown as text. The legal references are those of Ley 16/2011, de 24 de junio, de contratos de
 * crédito al consumo: desistimiento (art. 28, 14 días naturales), reembolso anticipado (art. 30), TAE (art. 32 and
 * Anexo I, the equation of Directive 2008/48/EC Annex I).
 *
 * Decision: the product charges no compensation for early repayment (art. 30 would allow up to 1 % / 0,5 %).
 */

export interface AgreementHtmlInput {
  readonly customerName?: string | null;
  readonly amountCents: number;
  readonly issueDate: string;
  readonly plan: PaymentPlan;
  /** TAE in percent, one decimal (`taeForPlan`). */
  readonly tae: number;
  readonly definition: LoanDefinition;
  readonly brand: string;
}

export function renderAgreementHtml({
  customerName,
  amountCents,
  issueDate,
  plan,
  tae,
  definition,
  brand,
}: AgreementHtmlInput): string {
  const name = customerName?.trim();
  const borrower = name ? markup`<strong>${name}</strong>` : markup`la persona titular de la solicitud`;
  const lastDate = plan.installments.at(-1)?.expectedDate ?? issueDate;
  const count = plan.installments.length;
  const totalOwedCents = amountCents + plan.totalInterestCents;

  const rows = plan.installments.map(
    (installment, index) => markup`
        <tr>
          <td>${index + 1}</td>
          <td>${formatDate(installment.expectedDate)}</td>
          <td>${formatMoney(installment.baseCents)}</td>
          <td>${formatMoney(installment.interestCents)}</td>
          <td>${formatMoney(installment.totalCents)}</td>
        </tr>`,
  );

  return markup`<section class="loan-agreement" lang="es">
  <h1>Contrato de préstamo al consumo</h1>
  <p>En la fecha ${formatDate(issueDate)}.</p>

  <h2>1. Partes</h2>
  <p>De una parte, ${brand} (en adelante, el «Prestamista»). De otra parte, ${borrower} (en adelante, el «Prestatario»).</p>

  <h2>2. Condiciones del préstamo</h2>
  <table class="loan-agreement-terms">
    <tbody>
      <tr><th scope="row">Importe del préstamo (importe total del crédito)</th><td>${formatMoney(amountCents)}</td></tr>
      <tr><th scope="row">Fecha de disposición</th><td>${formatDate(issueDate)}</td></tr>
      <tr><th scope="row">Número de cuotas</th><td>${count}</td></tr>
      <tr><th scope="row">Fecha de la última cuota</th><td>${formatDate(lastDate)} (${plan.totalInstallmentDays} días)</td></tr>
      <tr><th scope="row">Tipo deudor (TIN)</th><td>${formatPercent(nominalAnnualRatePercent(definition), 2)} anual (${formatPercent(monthlyRatePercent(definition), 2)} mensual), fijo</td></tr>
      <tr><th scope="row">Tasa anual equivalente (TAE)</th><td>${formatPercent(tae, 1)}</td></tr>
      <tr><th scope="row">Coste total del crédito (intereses)</th><td>${formatMoney(plan.totalInterestCents)}</td></tr>
      <tr><th scope="row">Importe total adeudado</th><td>${formatMoney(totalOwedCents)}</td></tr>
    </tbody>
  </table>
  <p>El préstamo no tiene comisiones ni gastos adicionales: el coste total del crédito son los intereses indicados.</p>

  <h2>3. Cuadro de amortización</h2>
  <table class="loan-agreement-plan">
    <thead>
      <tr><th scope="col">Cuota</th><th scope="col">Fecha</th><th scope="col">Capital</th><th scope="col">Intereses</th><th scope="col">Importe de la cuota</th></tr>
    </thead>
    <tbody>${rows}
    </tbody>
    <tfoot>
      <tr><th scope="row" colspan="2">Total</th><td>${formatMoney(plan.totalBaseCents)}</td><td>${formatMoney(plan.totalInterestCents)}</td><td>${formatMoney(plan.totalCents)}</td></tr>
    </tfoot>
  </table>

  <h2>4. Derecho de desistimiento</h2>
  <p>El Prestatario podrá desistir del contrato, sin indicar los motivos y sin penalización alguna, en el plazo de 14 días naturales desde la firma del contrato, conforme al artículo 28 de la Ley 16/2011, de 24 de junio, de contratos de crédito al consumo. Para ejercerlo deberá comunicarlo a ${brand} antes de que venza el plazo y devolver el capital dispuesto y los intereses devengados desde la fecha de disposición hasta la fecha de devolución, sin ninguna demora indebida y a más tardar 30 días naturales después de enviar la notificación de desistimiento.</p>

  <h2>5. Reembolso anticipado</h2>
  <p>El Prestatario podrá reembolsar anticipadamente, en cualquier momento, la totalidad o parte del importe pendiente, conforme al artículo 30 de la Ley 16/2011. Tendrá derecho a una reducción del coste total del crédito que comprenderá los intereses correspondientes al plazo que quede por transcurrir. ${brand} no cobra compensación alguna por el reembolso anticipado.</p>

  <h2>6. Cálculo de la TAE</h2>
  <p>La TAE se ha calculado conforme a la fórmula del Anexo I de la Ley 16/2011 (Anexo I de la Directiva 2008/48/CE), suponiendo que el importe total del crédito se dispone en su totalidad en la fecha de disposición y que cada cuota se paga por su importe en la fecha indicada en el cuadro de amortización. Los intervalos entre fechas se expresan en meses (doce meses iguales por año) y, cuando no son meses completos, en días (365 días por año, 366 en años bisiestos). El resultado se expresa con un decimal.</p>
</section>
`.value;
}
