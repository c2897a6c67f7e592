import { CONTACT } from '../../../shared/constants.ts';

/**
 * The company's contact data and the identifiers that the law requires on these pages (LSSI art. 10, RGPD art. 13,
 * Ley 16/2011). The brand is fictional: the identifiers are written as placeholders to be completed with the
 * company's real data, never as real-looking numbers.
 */
export const COMPANY = {
  legalName: '[Denominación social de la entidad]',
  taxId: '[CIF de la entidad]',
  address: '[Domicilio social de la entidad]',
  registry: '[Datos de inscripción en el Registro Mercantil]',
  lenderRegistry: '[Registro público en el que está inscrita la actividad de concesión de préstamos, en su caso]',
  dpoEmail: '[Correo electrónico del Delegado de Protección de Datos]',
} as const;

export const SUPPORT = {
  email: CONTACT.email,
  phone: CONTACT.phone,
  phoneDisplay: CONTACT.phoneDisplay,
  hours: 'De lunes a viernes, de 9:00 a 20:00 (hora peninsular), excepto festivos nacionales.',
  /** The e-mail is read every day; answers within this time. */
  emailAnswerTime: 'en un plazo máximo de 48 horas laborables',
} as const;

export const telHref = (phone: string): string => `tel:+34${phone}`;
export const mailtoHref = (email: string, subject?: string): string =>
  subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
