import type { CustomerStatus } from '../../../shared/statuses.ts';
import type { DemoAccount } from './demo-bank.ts';
import { MINI_DEMO_CUSTOMERS } from './demo-customers-mini.ts';
import { upTo } from './demo-statuses.ts';

/**
 * The demo customers seeded on first start while SANDBOX is on (README lists them; main.ts prints them).
 * One per interesting status, PIN 1234, phones 600000001 upward. DNIs/NIEs carry their correct check letter.
 */

export const DEMO_PIN = '1234';

/** Row of `app_secrets` recording that the demo data was seeded (its value: when). */
/** v2: the minipréstamo customers (600000011–600000014) are added to a database seeded with v1. */
export const SEED_MARKER = 'seed:demo-customers:v2';

/** The loan a demo customer has, described relative to the seeding day (Europe/Madrid). */
export interface DemoLoan {
  amountEuros: number;
  installments: number;
  /** Number of the first unpaid instalment (all before it are paid); null when every instalment is paid. */
  firstUnpaid: number | null;
  /** Days from today to the first unpaid instalment's due date (negative: overdue); or, when all are paid, the last one's. */
  firstUnpaidDueInDays: number;
  status: 'issued' | 'repaid';
  /**
   * Paid out this many days ago (sandbox customers: the 14-day withdrawal's edges): the instalments fall monthly from
   * the payout and `firstUnpaidDueInDays` is not used.
   */
  issuedDaysAgo?: number | undefined;
  /**
   * A minipréstamo (one repayment, `installments` 1) paid out `termDays` before its date, at 0 % when `interestFree`
   * (the first loan): its date is `firstUnpaidDueInDays` from today.
   */
  mini?: { termDays: number; interestFree: boolean } | undefined;
}

export interface DemoCustomer {
  phone: string;
  status: CustomerStatus;
  description: string;
  firstName: string;
  lastName: string;
  /** DNI number (8 digits) or NIE (X/Y/Z + 7 digits); the check letter is computed. */
  idNumber: string;
  email: string;
  birthDate: string;
  gender: 'female' | 'male';
  employmentStatus: string;
  companyName: string | null;
  monthlyIncomeEuros: number;
  creditLimitEuros: number;
  /** The minipréstamo's limit; the starting 300 € of an approved customer (0 otherwise) when absent. */
  miniLimitEuros?: number;
  isRtb: boolean;
  /** The customer's statuses in order, ending with `status` (each step is a history row). */
  journey: CustomerStatus[];
  /** Oldest first. */
  loans: DemoLoan[];
  /** The linked bank account (the loans are paid out to it), or none. */
  account?: DemoAccount;
  /**
   * Whether the customer has a valid sandbox card (the customers who pay): true → 4111 1111 1111 1111 (charges at
   * once); 'challenge' → 4000 0000 0000 3220 (every charge asks for 3-D Secure, docs/sandbox.md "Sandbox test cards").
   */
  card?: boolean | 'challenge';
  /**
   * The credit decisions that set the limit, oldest first (`trigger` and limit in euros): the rule engine's first
   * decision when the account was linked, and for an RTB customer the one that raised it after a repaid loan.
   */
  decisions?: Array<{ trigger: 'firstAccountLinked' | 'loanRepaid'; limitEuros: number; miniLimitEuros?: number }>;
}

const CHECK_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** DNI `12345678` → `12345678Z`; NIE `X1234567` → `X1234567L` (X/Y/Z count as 0/1/2). */
export function withCheckLetter(idNumber: string): string {
  const numeric = idNumber.replace(/^[XYZ]/, (letter) => String('XYZ'.indexOf(letter)));
  return `${idNumber}${CHECK_LETTERS[Number(numeric) % 23]}`;
}

export { upTo };

export const demoCustomers: readonly DemoCustomer[] = [
  {
    phone: '600000001',
    status: 'new',
    description: 'Recién registrada: falta confirmar el PIN del SMS (/otp)',
    firstName: 'Lucía',
    lastName: 'García Fernández',
    idNumber: '48291736',
    email: 'lucia.garcia@example.com',
    birthDate: '1994-03-18',
    gender: 'female',
    employmentStatus: 'fullTimeEmployed',
    companyName: 'Mercadona',
    monthlyIncomeEuros: 1500,
    creditLimitEuros: 0,
    isRtb: false,
    journey: upTo('new'),
    loans: [],
  },
  {
    phone: '600000002',
    status: 'preRegistered',
    description: 'PIN confirmado: falta la dirección (/address-details)',
    firstName: 'Javier',
    lastName: 'Martínez López',
    idNumber: '30517942',
    email: 'javier.martinez@example.com',
    birthDate: '1987-11-02',
    gender: 'male',
    employmentStatus: 'selfEmployed',
    companyName: null,
    monthlyIncomeEuros: 2000,
    creditLimitEuros: 0,
    isRtb: false,
    journey: upTo('preRegistered'),
    loans: [],
  },
  {
    phone: '600000003',
    status: 'registered',
    description: 'Dirección guardada: falta vincular la cuenta bancaria (/bank-credentials)',
    firstName: 'Carmen',
    lastName: 'Sánchez Romero',
    idNumber: 'X4829173',
    email: 'carmen.sanchez@example.com',
    birthDate: '1979-06-25',
    gender: 'female',
    employmentStatus: 'fullTimeEmployed',
    companyName: 'Hospital Universitario La Paz',
    monthlyIncomeEuros: 2500,
    creditLimitEuros: 0,
    isRtb: false,
    journey: upTo('registered'),
    loans: [],
  },
  {
    phone: '600000004',
    status: 'systemApproved',
    description: 'Aprobado con límite de 3.000 € y cuenta vinculada, sin préstamo ni tarjeta (/loan-request)',
    firstName: 'Alejandro',
    lastName: 'Pérez Navarro',
    idNumber: '52846193',
    email: 'alejandro.perez@example.com',
    birthDate: '1990-01-14',
    gender: 'male',
    employmentStatus: 'fullTimeEmployed',
    companyName: 'Telefónica',
    monthlyIncomeEuros: 3000,
    creditLimitEuros: 3000,
    isRtb: false,
    journey: upTo('systemApproved'),
    loans: [],
    account: {
      entity: '2100',
      office: '0418',
      account: '0200051332',
      bankValue: 'CaixaBank',
      salaryEuros: 3000,
      salaryDay: 28,
      payer: 'Telefonica de Espana SAU',
    },
    decisions: [{ trigger: 'firstAccountLinked', limitEuros: 3000 }],
  },
  {
    phone: '600000005',
    status: 'securityChecked',
    description:
      'Cliente recurrente (RTB): límite ampliado de 2.500 € a 3.500 € al pagar su primer préstamo; préstamo activo de 2.500 € en 12 cuotas, 3 pagadas, la próxima vence en 3 días',
    firstName: 'María José',
    lastName: 'Rodríguez Gil',
    idNumber: '27364815',
    email: 'mariajose.rodriguez@example.com',
    birthDate: '1983-09-07',
    gender: 'female',
    employmentStatus: 'fullTimeEmployed',
    companyName: 'El Corte Inglés',
    monthlyIncomeEuros: 2000,
    creditLimitEuros: 3500,
    miniLimitEuros: 400,
    isRtb: true,
    journey: upTo('securityChecked'),
    loans: [
      { amountEuros: 2500, installments: 12, firstUnpaid: null, firstUnpaidDueInDays: -130, status: 'repaid' },
      { amountEuros: 2500, installments: 12, firstUnpaid: 4, firstUnpaidDueInDays: 3, status: 'issued' },
    ],
    account: {
      entity: '0049',
      office: '1500',
      account: '0512345678',
      bankValue: 'Banco Santander',
      salaryEuros: 2000,
      salaryDay: 30,
      payer: 'El Corte Ingles SA',
    },
    card: true,
    // RTB: 2.500 € when the account was linked, raised to 3.500 € when the first loan was repaid (README).
    decisions: [
      { trigger: 'firstAccountLinked', limitEuros: 2500 },
      { trigger: 'loanRepaid', limitEuros: 3500, miniLimitEuros: 400 },
    ],
  },
  {
    phone: '600000006',
    status: 'securityChecked',
    description: 'Préstamo de 2.500 € con una cuota vencida desde ayer (1 pagada)',
    firstName: 'Daniel',
    lastName: 'Gómez Ruiz',
    idNumber: '71928364',
    email: 'daniel.gomez@example.com',
    birthDate: '1996-12-30',
    gender: 'male',
    employmentStatus: 'fullTimeEmployed',
    companyName: 'Inditex',
    monthlyIncomeEuros: 1500,
    creditLimitEuros: 2500,
    isRtb: false,
    journey: upTo('securityChecked'),
    loans: [{ amountEuros: 2500, installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: -1, status: 'issued' }],
    account: {
      entity: '0182',
      office: '2370',
      account: '0201234567',
      bankValue: 'BBVA',
      salaryEuros: 1500,
      salaryDay: 27,
      payer: 'Industria de Diseno Textil SA',
    },
    card: 'challenge',
    decisions: [{ trigger: 'firstAccountLinked', limitEuros: 2500 }],
  },
  {
    phone: '600000007',
    status: 'declined',
    description: 'Solicitud rechazada por el motor de reglas (/dashboard/declined)',
    firstName: 'Laura',
    lastName: 'Díaz Moreno',
    idNumber: '09183746',
    email: 'laura.diaz@example.com',
    birthDate: '2001-05-19',
    gender: 'female',
    employmentStatus: 'student',
    companyName: null,
    monthlyIncomeEuros: 500,
    creditLimitEuros: 0,
    isRtb: false,
    journey: [...upTo('registered'), 'declined'],
    loans: [],
  },
  {
    phone: '600000008',
    status: 'externalCollection',
    description: 'En recobro externo: cuota impagada desde hace 75 días',
    firstName: 'Sergio',
    lastName: 'Jiménez Muñoz',
    idNumber: 'Y2736481',
    email: 'sergio.jimenez@example.com',
    birthDate: '1975-08-11',
    gender: 'male',
    employmentStatus: 'unemployed',
    companyName: null,
    monthlyIncomeEuros: 0,
    creditLimitEuros: 2500,
    isRtb: false,
    journey: [...upTo('securityChecked'), 'internalCollection', 'externalCollection'],
    loans: [{ amountEuros: 2500, installments: 12, firstUnpaid: 2, firstUnpaidDueInDays: -75, status: 'issued' }],
    account: {
      entity: '0081',
      office: '0216',
      account: '0001234567',
      bankValue: 'Banco Sabadell',
      salaryEuros: 1200,
      salaryDay: 1,
      payer: 'Servicio Publico de Empleo',
    },
    card: true,
    decisions: [{ trigger: 'firstAccountLinked', limitEuros: 2500 }],
  },
  {
    phone: '600000009',
    status: 'securityChecked',
    description: 'Préstamo de 2.500 € en 12 cuotas, 5 pagadas, la próxima vence mañana',
    firstName: 'Pablo',
    lastName: 'Hernández Castro',
    idNumber: '63172948',
    email: 'pablo.hernandez@example.com',
    birthDate: '1988-04-21',
    gender: 'male',
    employmentStatus: 'fullTimeEmployed',
    companyName: 'Renfe',
    monthlyIncomeEuros: 2500,
    creditLimitEuros: 3000,
    isRtb: false,
    journey: upTo('securityChecked'),
    loans: [{ amountEuros: 2500, installments: 12, firstUnpaid: 6, firstUnpaidDueInDays: 1, status: 'issued' }],
    account: {
      entity: '2038',
      office: '1000',
      account: '6000123456',
      bankValue: 'Bankinter',
      salaryEuros: 2500,
      salaryDay: 28,
      payer: 'Renfe Viajeros SME SA',
    },
    card: true,
    decisions: [{ trigger: 'firstAccountLinked', limitEuros: 3000 }],
  },
  {
    phone: '600000010',
    status: 'securityChecked',
    description: 'Préstamo de 2.500 € en 12 cuotas, 2 pagadas, la próxima vence hoy',
    firstName: 'Elena',
    lastName: 'Torres Vidal',
    idNumber: '45820917',
    email: 'elena.torres@example.com',
    birthDate: '1992-10-03',
    gender: 'female',
    employmentStatus: 'fullTimeEmployed',
    companyName: 'Iberdrola',
    monthlyIncomeEuros: 2000,
    creditLimitEuros: 2500,
    isRtb: false,
    journey: upTo('securityChecked'),
    loans: [{ amountEuros: 2500, installments: 12, firstUnpaid: 3, firstUnpaidDueInDays: 0, status: 'issued' }],
    account: {
      entity: '1465',
      office: '0100',
      account: '9912345678',
      bankValue: 'ING',
      salaryEuros: 2000,
      salaryDay: 26,
      payer: 'Iberdrola SA',
    },
    card: true,
    decisions: [{ trigger: 'firstAccountLinked', limitEuros: 2500 }],
  },
  ...MINI_DEMO_CUSTOMERS,
];

/** What main.ts prints and the README lists. */
export const demoLogins = demoCustomers.map(({ phone, status, description }) => ({
  phone,
  pin: DEMO_PIN,
  status,
  description,
}));
