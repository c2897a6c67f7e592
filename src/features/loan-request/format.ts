import { formatMessage } from '../../shared/messages.ts';
import { LOAN_FORM_TEXTS } from './texts.ts';

/** Whole euros with the es-ES thousands dot ('2.500'; es-ES leaves 4-digit numbers ungrouped by default). */
export const formatEuros = (euros: number): string =>
  new Intl.NumberFormat('es-ES', { useGrouping: 'always' }).format(euros);

/** An amount in whole euros as the form shows it: '2.500 €'. */
export function formatAmount(euros: number): string {
  return formatMessage(LOAN_FORM_TEXTS.amountOption, { amount: formatEuros(euros) });
}
