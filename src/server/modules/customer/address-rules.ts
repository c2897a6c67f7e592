import type { Address } from '../../../shared/api/customer-schemas.ts';
import { addressSchema } from '../../../shared/validators/forms.ts';
import { provincesByCode } from '../../../shared/validators/postcode.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { formatValidationMessage } from '../../http/validation.ts';
import type { AddressRow } from './repository.ts';

/**
 * The address of SaveAddressPut (registration) and StaffAddressPut (staff), checked with the client form's shared
 * schema (street, number, postcode, city and province required; floor optional): a postcode that is not 5 digits of a real province (01–52) answers
 * InvalidPostcode; a blank required field a 400 naming it. The postcode decides the province (its first two digits
 * are the INE province code), so the province typed must name that one — official name, either half of a
 * bilingual one ('Alicante/Alacant'), or its common Castilian form ('Gerona', 'Vizcaya', 'La Coruña'…), without
 * regard to case or accents — else InvalidProvince; the official name is what is stored.
 */

/** A checked address, as it is stored (`province`: the official name of the postcode's province). */
export type AddressData = AddressRow;

/** Castilian or older names people still type, by province code. */
const PROVINCE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '01': ['Álava'],
  '07': ['Baleares', 'Islas Baleares', 'Balears'],
  '15': ['La Coruña', 'Coruña'],
  '17': ['Gerona'],
  '20': ['Guipúzcoa'],
  '25': ['Lérida'],
  '26': ['Rioja'],
  '31': ['Nafarroa'],
  '32': ['Orense'],
  '33': ['Principado de Asturias'],
  '35': ['Palmas', 'Gran Canaria'],
  '38': ['Tenerife', 'S/C de Tenerife', 'SC de Tenerife'],
  '48': ['Vizcaya'],
};

const comparable = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9/ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function namesOfProvince(code: string): Set<string> {
  const official = provincesByCode[code] ?? '';
  return new Set([official, ...official.split('/'), ...(PROVINCE_ALIASES[code] ?? [])].map(comparable).filter(Boolean));
}

/** Form field names of the shared schema → the contract's. */
const CONTRACT_FIELD: Readonly<Record<string, string>> = { number: 'streetNumber' };

const collapse = (text: string) => text.trim().replace(/\s+/g, ' ');

export function validateAddress(body: Address): AddressData {
  const parsed = addressSchema.safeParse({
    street: body.street,
    number: body.streetNumber,
    floor: body.floor ?? undefined,
    postcode: body.postcode,
    city: body.city,
    province: body.province,
  });
  if (!parsed.success) {
    if (parsed.error.issues.some((issue) => issue.path[0] === 'postcode')) throw new BusinessError('InvalidPostcode');
    const issues = parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? '');
      return { path: CONTRACT_FIELD[field] ?? field, message: issue.message };
    });
    throw new HttpError('ValidationError', formatValidationMessage(issues, 'body'));
  }
  const form = parsed.data;
  const code = form.postcode.slice(0, 2);
  if (!namesOfProvince(code).has(comparable(form.province))) throw new BusinessError('InvalidProvince');
  return {
    street: collapse(form.street),
    streetNumber: collapse(form.number),
    floor: form.floor ? collapse(form.floor) : null,
    postcode: form.postcode,
    city: collapse(form.city),
    province: provincesByCode[code] ?? form.province,
  };
}
