import { COUNTRY_CODE } from '../../shared/constants.ts';

/** '+34 612 345 678': the customer's number as they read it. */
export const displayPhone = (phone: string): string =>
  `${COUNTRY_CODE} ${phone.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')}`;
