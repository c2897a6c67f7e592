import type { CardForm } from '../../../shared/api/card.ts';
import { todayInMadrid } from '../../../shared/madrid-today.ts';
import { CARD_EXPIRY_YEARS_AHEAD } from '../../../shared/constants.ts';
import { isValidCardNumber, normalizeCardNumber } from '../../../shared/validators/card.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import type { CardDetails } from '../../providers/card-gateway.ts';

/**
 * The add-card form's rules (first document §5 "Cards"): a 16-digit number passing Luhn, month 01–12, year from
 * this year (Europe/Madrid) through 21 years ahead, CVV 3 digits. A number failing them → 422 InvalidCardNumber, a
 * past month → 422 CardExpired; a malformed month, year or CVV → 400 with a Spanish message. Messages never
 * repeat what was typed.
 */

export const CARD_FORM_TEXTS = {
  month: 'El mes de caducidad debe estar entre 01 y 12.',
  year: 'El año de caducidad no es válido.',
  cv2: 'El CVV debe tener 3 dígitos.',
} as const;

export interface CheckedCard {
  details: CardDetails;
  expiryMonth: number;
  expiryYear: number;
}

/** The form's card, checked (spaces in the number, as the client groups it by 4, are ignored). */
export function checkCardForm(form: CardForm, now: Date): CheckedCard {
  const cardNumber = normalizeCardNumber(form.cardNumber);
  if (!isValidCardNumber(cardNumber)) throw new BusinessError('InvalidCardNumber');
  if (!/^\d{1,2}$/.test(form.expiryMonth)) throw new HttpError('ValidationError', CARD_FORM_TEXTS.month);
  const expiryMonth = Number(form.expiryMonth);
  if (expiryMonth < 1 || expiryMonth > 12) throw new HttpError('ValidationError', CARD_FORM_TEXTS.month);
  if (!/^\d{4}$/.test(form.expiryYear)) throw new HttpError('ValidationError', CARD_FORM_TEXTS.year);
  const expiryYear = Number(form.expiryYear);
  const today = todayInMadrid(now);
  const currentYear = Number(today.slice(0, 4));
  const currentMonth = Number(today.slice(5, 7));
  if (expiryYear > currentYear + CARD_EXPIRY_YEARS_AHEAD) throw new HttpError('ValidationError', CARD_FORM_TEXTS.year);
  if (expiryYear < currentYear || (expiryYear === currentYear && expiryMonth < currentMonth)) {
    throw new BusinessError('CardExpired');
  }
  if (!/^\d{3}$/.test(form.cv2)) throw new HttpError('ValidationError', CARD_FORM_TEXTS.cv2);
  return {
    details: {
      cardNumber,
      expiryMonth: String(expiryMonth).padStart(2, '0'),
      expiryYear: String(expiryYear),
      cv2: form.cv2,
    },
    expiryMonth,
    expiryYear,
  };
}
