import { DEFAULT_DISCLAIMER } from '../../../lib/loans/default-loan-figures.ts';
import { MINI_DISCLAIMER } from '../../../lib/loans/mini-loan-figures.ts';
import {
  DEFAULT_REPRESENTATIVE_EXAMPLE,
  MINI_REPRESENTATIVE_EXAMPLE,
} from '../../../lib/loans/representative-examples.ts';
import { formatMoney, formatPercent } from '../../../shared/money.ts';

/** The rows of a product's example: label and value. */
function exampleRows(product: 'installment' | 'mini'): readonly (readonly [string, string])[] {
  if (product === 'mini') {
    const example = MINI_REPRESENTATIVE_EXAMPLE;
    return [
      ['Importe del minipréstamo', formatMoney(example.amountCents)],
      ['Plazo (un solo pago)', `${example.termDays} días`],
      ['Interés diario', formatPercent(example.dailyRatePercent, 2)],
      ['Intereses', formatMoney(example.totalInterestCents)],
      ['Importe total adeudado', formatMoney(example.totalCents)],
      ['Tipo deudor (TIN)', formatPercent(example.nominalAnnualRatePercent, 2)],
      ['Tasa anual equivalente (TAE)', formatPercent(example.taePercent, 1)],
    ];
  }
  const example = DEFAULT_REPRESENTATIVE_EXAMPLE;
  return [
    ['Importe del préstamo', formatMoney(example.amountCents)],
    ['Número de cuotas mensuales', String(example.installments)],
    ['Importe de cada cuota', formatMoney(example.installmentCents)],
    ['Intereses totales', formatMoney(example.totalInterestCents)],
    ['Importe total adeudado', formatMoney(example.totalCents)],
    ['Tipo deudor (TIN)', formatPercent(example.nominalAnnualRatePercent, 2)],
    ['Tasa anual equivalente (TAE)', formatPercent(example.taePercent, 1)],
  ];
}

/**
 * A product's representative example, computed from its built-in loan definition (never typed in: architecture §7,
 * TAE by the Annex I equation of Ley 16/2011) at build time, as a table of figures and the same sentence the home
 * calculator shows under that product: the instalment loan's by default, the minipréstamo's with `product="mini"`.
 */
export function RepresentativeExample({ product = 'installment' }: { product?: 'installment' | 'mini' }) {
  const text = product === 'mini' ? MINI_DISCLAIMER.text : DEFAULT_DISCLAIMER.text;
  return (
    <div className="static-example">
      <table className="static-table static-example-table">
        <caption>Ejemplo representativo</caption>
        <tbody>
          {exampleRows(product).map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="static-disclaimer">{text}</p>
    </div>
  );
}
