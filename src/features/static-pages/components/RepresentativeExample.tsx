import { DEFAULT_DISCLAIMER, DEFAULT_REPRESENTATIVE_EXAMPLE } from '../../../lib/loans/default-loan-figures.ts';
import { formatMoney, formatPercent } from '../../../shared/money.ts';

/**
 * The representative example, computed from the default loan definition (never typed in: architecture §7, TAE by
 * the Annex I equation of Ley 16/2011) at build time, as a table of figures and the same disclaimer sentence the
 * home page shows.
 */
export function RepresentativeExample() {
  const example = DEFAULT_REPRESENTATIVE_EXAMPLE;
  const rows = [
    ['Importe del préstamo', formatMoney(example.amountCents)],
    ['Número de cuotas mensuales', String(example.installments)],
    ['Importe de cada cuota', formatMoney(example.installmentCents)],
    ['Intereses totales', formatMoney(example.totalInterestCents)],
    ['Importe total adeudado', formatMoney(example.totalCents)],
    ['Tipo deudor (TIN)', formatPercent(example.nominalAnnualRatePercent, 2)],
    ['Tasa anual equivalente (TAE)', formatPercent(example.taePercent, 1)],
  ] as const;
  return (
    <div className="static-example">
      <table className="static-table static-example-table">
        <caption>Ejemplo representativo</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="static-disclaimer">{DEFAULT_DISCLAIMER.text}</p>
    </div>
  );
}
