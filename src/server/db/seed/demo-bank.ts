import { addDaysIso, addMonthsIso, isoDateFromParts, type IsoDate } from '../../../shared/dates.ts';

/**
 * The bank side of the demo customers (sandbox only): a linked account with a valid Spanish IBAN (correct CCC
 * control digits and ISO 13616 check digits), 90 days of transactions with a monthly salary, and a valid card
 * (the sandbox's passing test card 4111 1111 1111 1111, stored masked as the contract shows it).
 */

export interface DemoAccount {
  /** 4-digit entity, 4-digit office, 10-digit account number of the CCC. */
  entity: string;
  office: string;
  account: string;
  bankValue: string;
  /** Net monthly salary in euros, paid on `salaryDay`. */
  salaryEuros: number;
  salaryDay: number;
  payer: string;
}

export { spanishIban } from '../../providers/spanish-iban.ts';

export interface DemoTransaction {
  bookedOn: IsoDate;
  amountCents: number;
  description: string;
  isSalary: boolean;
}

/** 90 days up to `today`: the salary each month, rent, and a few card payments and bills a week. */
export function demoTransactions(account: DemoAccount, today: IsoDate): DemoTransaction[] {
  const from = addDaysIso(today, -90);
  const rows: DemoTransaction[] = [];
  for (let months = -3; months <= 0; months += 1) {
    const month = addMonthsIso(today, months);
    const [year, monthNumber] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
    const salaryOn = isoDateFromParts(year, monthNumber, account.salaryDay);
    const rentOn = isoDateFromParts(year, monthNumber, 3);
    if (salaryOn > from && salaryOn <= today)
      rows.push({
        bookedOn: salaryOn,
        amountCents: account.salaryEuros * 100,
        description: `NOMINA ${account.payer.toUpperCase()}`,
        isSalary: true,
      });
    if (rentOn > from && rentOn <= today)
      rows.push({ bookedOn: rentOn, amountCents: -65_000, description: 'RECIBO ALQUILER VIVIENDA', isSalary: false });
  }
  const shops = ['COMPRA MERCADONA', 'COMPRA CARREFOUR', 'RECIBO IBERDROLA', 'BIZUM ENVIADO', 'COMPRA AMAZON'];
  for (let day = 2, index = 0; day < 90; day += 4, index += 1) {
    rows.push({
      bookedOn: addDaysIso(from, day),
      amountCents: -(1_500 + ((index * 2_371) % 9_000)),
      description: shops[index % shops.length] ?? 'COMPRA',
      isSalary: false,
    });
  }
  return rows.sort((a, b) => (a.bookedOn < b.bookedOn ? -1 : a.bookedOn > b.bookedOn ? 1 : 0));
}

/** The sandbox's passing test card, masked as PCI DSS allows (first six and last four digits). */
export const DEMO_CARD = {
  maskedCardNumber: '411111******1111',
  brand: 'visa',
  expiryMonth: 12,
  expiryYear: 2030,
} as const;

/** The sandbox's 3-D Secure challenge test card (4000 0000 0000 3220), masked: every charge asks for 3-D Secure. */
export const DEMO_CHALLENGE_CARD = {
  maskedCardNumber: '400000******3220',
  brand: 'visa',
  expiryMonth: 12,
  expiryYear: 2030,
} as const;
