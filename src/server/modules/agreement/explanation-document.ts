import { loanFigures, type LoanTerms } from './agreement-document.ts';
import { heading, list, paragraph, type LegalDocument } from './document.ts';

export const EXPLANATION_TITLE = 'Explicación del préstamo';

/**
 * The loan explanation (`loanExplanation`): the adequate explanations the lender owes before the contract (Ley
 * 16/2011 art. 11, Directive (EU) 2023/2225 art. 12) in plain words, with the loan's own figures (a saved loan's,
 * or the definition's representative example).
 */
export function explanationDocument(terms: LoanTerms, { payoutMinutes }: { payoutMinutes: number }): LegalDocument {
  const f = loanFigures(terms);
  return {
    className: 'loan-explanation',
    title: EXPLANATION_TITLE,
    blocks: [
      heading('¿Qué estás contratando?'),
      paragraph(
        f.mini
          ? `Un minipréstamo de ${f.amount} que devuelves en un solo pago de ${f.installment} el ${f.firstDate}: el importe prestado más ${f.interest} de intereses.`
          : `Un préstamo de ${f.amount} que devuelves en ${f.count} cuotas mensuales de ${f.installment}, la primera el ${f.firstDate} y la última el ${f.lastDate}. En total pagarás ${f.totalOwed}: el importe prestado más ${f.interest} de intereses.`,
      ),
      ...(f.lapsed
        ? [
            paragraph(
              `Es tu primer préstamo y no tiene intereses ni comisiones si lo devuelves el ${f.firstDate}. Si ese día no lo has devuelto, pierdes la promoción: deberás ${f.lapsed.interest} de intereses, ${f.lapsed.totalOwed} en total, y el importe vencido seguirá generando intereses hasta que lo pagues.`,
            ),
          ]
        : []),
      heading('¿Cuánto cuesta?'),
      list(
        f.lapsed
          ? `Tipo deudor (TIN): 0 % si lo devuelves en su fecha; si no, ${f.lapsed.tin} anual (${f.lapsed.periodRate}).`
          : `Tipo deudor (TIN): ${f.tin} anual, fijo. Es el interés que se aplica al capital pendiente.`,
        `TAE: ${f.tae}. Es el coste total del crédito en porcentaje anual y sirve para comparar con otras ofertas.`,
        'No hay comisiones de apertura, de estudio ni por reembolso anticipado.',
      ),
      heading('¿Cuándo recibes el dinero?'),
      paragraph(
        `Cuando aceptes el contrato, transferimos el importe a tu cuenta bancaria en unos ${payoutMinutes} minutos.`,
      ),
      heading('¿Qué pasa si no pagas a tiempo?'),
      paragraph(
        'Un retraso no genera comisiones ni intereses de demora, pero la deuda puede incluirse en ficheros de solvencia patrimonial, lo que puede dificultar que obtengas crédito en el futuro. Si prevés un problema, contacta con nosotros antes de la fecha de pago.',
      ),
      heading('¿Puedes cambiar de opinión?'),
      paragraph(
        'Sí: tienes 14 días naturales desde la firma para desistir sin dar motivos, devolviendo el dinero recibido y los intereses de los días transcurridos. También puedes devolver el préstamo antes de tiempo pagando solo los intereses hasta ese día.',
      ),
    ],
  };
}
