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
