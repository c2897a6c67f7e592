/** Answers the back-office page tests share, as the server sends them. */

// The wire carries euros; the contract decodes them to cents.
export const mariaRecord = {
  id: 5,
  status: 'securityChecked',
  subStatus: null,
  firstName: 'María José',
  lastName: 'Rodríguez Gil',
  email: 'mariajose.rodriguez@example.com',
  phone: '600000005',
  nationalId: '27364815J',
  birthDate: '1983-09-07',
  gender: 'female',
  employmentStatus: 'fullTimeEmployed',
  companyName: 'El Corte Inglés',
  monthlyIncome: 2000,
  referenceCode: 'REF5',
  isRtb: true,
  isBlacklist: false,
  creditLimit: 3500,
  miniLimit: 400,
  collectionCompanyId: null,
  blocked: false,
  passwordRequired: false,
  acceptMarketing: false,
  address: null,
  createdAt: '2026-01-15T09:30:00Z',
};

/** A card as `StaffCardsGet` answers it (masked as stored). */
export const visaCard = {
  id: 3,
  maskedCardNumber: '411111******1111',
  lastFour: '1111',
  brand: 'visa',
  expiryMonth: 4,
  expiryYear: 2029,
  cardStatus: 'Valid',
  cardSubStatus: 'askForProof',
  isActive: true,
  threeDsState: 'completed',
  createdAt: '2026-01-12T16:45:00Z',
  updatedAt: '2026-01-12T16:46:00Z',
};

/** An instalment of the staff's Loan view (euros on the wire). */
export const installment = (id: number, expectedDate: string, status: string, paid: number) => ({
  id,
  status,
  expectedDate,
  totalPayment: 250.5,
  initialBase: 208.33,
  initialCalculatedInterest: 42.17,
  payments: paid
    ? [
        {
          type: 'firstNotPaidInstallment',
          amount: paid,
          paymentSource: 'debit-card',
          paymentDate: `${expectedDate}T09:00:00Z`,
        },
      ]
    : [],
});

/** Customer 5's loans as StaffCustomerLoansGet answers them: nº 40 running (instalment 402 due), nº 39 repaid. */
export const staffLoans = [
  {
    id: 40,
    loanAmount: 2500,
    createdDate: '2026-01-10',
    status: 'issued',
    earlyClosureAmount: 2291.67,
    installments: [installment(401, '2026-02-10', 'paid', 250.5), installment(402, '2026-03-10', 'notPaid', 0)],
    initialPayment: 250.5,
    firstRepaymentDate: '2026-02-10',
    overdueDay: -4,
    isRestructured: false,
    toAccountId: null,
    product: 'installment',
    productName: 'Préstamo a plazos',
    installmentCount: 12,
    interestFree: false,
    interestFreeLapsedAt: null,
  },
  {
    id: 39,
    loanAmount: 300,
    createdDate: '2025-11-01',
    status: 'repaid',
    earlyClosureAmount: 0,
    installments: [installment(390, '2025-11-21', 'paid', 300)],
    initialPayment: 300,
    firstRepaymentDate: '2025-11-21',
    overdueDay: 0,
    isRestructured: false,
    toAccountId: null,
    product: 'mini',
    productName: 'Minipréstamo',
    installmentCount: 1,
    interestFree: true,
    interestFreeLapsedAt: null,
  },
];
