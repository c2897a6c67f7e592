// The requests of `npm run bench`: one representative, valid and repeatable request for every contract call the
// server registers (scripts/bench.mjs drives them). Method, path and auth come from the contract itself (the built
// `src/shared/api`), so only what a request carries is written here:
//
//   as       'anonymous' (no headers) or 'customer' (the logged-in demo customer's bearer + X-Member-ID)
//   params   path parameters          query   query parameters          body   JSON body (object or function)
//   skip     why the call cannot be measured by repeating one request (shown in the table instead of figures)
//
// A request must answer 2xx on every repetition: a call that changes state is given a request that stays valid
// (the same settings saved again, the same subscription upserted), or is skipped with the reason. A contract
// entry that has no line here is still listed: as "not served" when the server answers its path 404, otherwise
// as a gap to fill.
import { createECDH, randomBytes } from 'node:crypto';

/** The demo customer the logged-in calls run as (README: securityChecked, an active loan, a card). */
export const BENCH_CUSTOMER_PHONE = '600000005';
/** Another demo customer, for the repay-link calls (their sessions do not touch the bench customer's). */
const REPAY_LINK_PHONE = '600000009';
export const DEMO_PIN = '1234';

/**
 * Requests measured under a name of their own, beside their contract call's: name → the call. The minipréstamo's
 * quote is PaymentPlansPost with `product: 'mini'` (a 300 € repayment in 20 days, priced interest-free).
 */
export const BENCH_VARIANTS = { 'PaymentPlansPost (mini)': 'PaymentPlansPost' };

/** The contract call a bench name measures. */
export const callOfBenchName = (name) => BENCH_VARIANTS[name] ?? name;

/** The calls of the headline figures (the longer --duration, and the aims). */
export const HEADLINE_AIMS = { PaymentPlansPost: 0.5, 'PaymentPlansPost (mini)': 0.5, CheckPhoneDniPost: 0.25 };

/**
 * On PostgreSQL, every read of the logged-in customer's own data and the client activity log's writes (every open
 * app sends them every few seconds) aim at a quarter of the bare route measured next to them.
 */
export const POSTGRES_AIM = 0.25;
const ACTIVITY_LOG_CALLS = new Set(['ClientLogWritePost', 'ClientLogWritePut']);
export const isPostgresAimed = (name, entry, as) =>
  ACTIVITY_LOG_CALLS.has(name) || (as === 'customer' && entry.method === 'GET');

/** Today in Europe/Madrid, `YYYY-MM-DD`, and `count` monthly dates after it (day clamped to the month's end). */
export function monthlyDates(count) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [year, month, day] = today.split('-').map(Number);
  const dates = [];
  for (let k = 1; k <= count; k += 1) {
    const lastDay = new Date(Date.UTC(year, month - 1 + k + 1, 0)).getUTCDate();
    dates.push(new Date(Date.UTC(year, month - 1 + k, Math.min(day, lastDay))).toISOString().slice(0, 10));
  }
  return { today, dates };
}

/** `date` + `days` calendar days, `YYYY-MM-DD`. */
const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A push subscription the server accepts (a real P-256 key, a 16-byte secret, an https endpoint). */
function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: 'https://push.example.com/bench/prestamo-rapido',
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const clientLog = (firstInit) => ({
  deviceId: 'bench-device',
  sessionHash: 'bench-session',
  application: 'prestamo-rapido-web',
  userAgent: 'autocannon',
  actions: [{ type: 'pageView', activePage: '/', actionTime: new Date().toISOString(), payload: { title: 'Inicio' } }],
  firstInit,
  update: !firstInit,
});

/** Requests by call name; `context` holds what the bench learnt at set-up (customer id, links). */
export function benchRequests(context) {
  const { today, dates } = monthlyDates(12);
  const push = pushSubscription();
  return {
    // ── public ──
    TimeGet: {},
    HolidaysGet: {},
    PushPublicKeyGet: {},
    CheckPhoneDniPost: { body: { countryCode: '+34', phone: '600000001' } },
    PaymentDatePost: {
      body: {
        nextSalaryDate: dates[0],
        calculateNextXDates: 24,
        paymentFrequencyLogical: 'specificDate',
        day: '',
        week: null,
      },
    },
    PaymentPlansPost: { body: [{ amount: 2500, issueDate: today, paymentDates: dates }] },
    'PaymentPlansPost (mini)': {
      body: [{ product: 'mini', amount: 300, issueDate: today, paymentDates: [addDays(today, 20)] }],
    },
    LoanOfferDocumentsPost: {
      as: 'customer',
      skip: "needs one of the demo customer's account ids (the bench does not learn one)",
    },
    AgreementPost: {
      body: {
        installments: dates.map((expectedDate) => ({
          initialBase: 208.33,
          initialCalculatedInterest: 91.66,
          expectedDate,
          totalPayment: 299.99,
        })),
        loanAmount: 2500,
        createdDate: today,
        toAccountId: null,
      },
    },
    AgreementByTypeGet: { params: { type: 'termsAndConditions' } },
    ClientLogWritePost: { body: clientLog(true) },
    ClientLogWritePut: { body: clientLog(false) },
    AffilateClickPost: {
      body: {
        uniqueClientId: 'bench-client',
        history: [{ occuredAt: new Date().toISOString(), fullUri: `${context.publicUrl}/?utm_source=bench` }],
      },
    },
    AnalyticsEventsPost: {
      body: () => ({
        clientId: 'bench-client',
        items: [{ kind: 'page', name: '/', occurredAt: new Date().toISOString() }],
      }),
    },
    SmsMarkasreadGetBySmsId: { params: { smsId: '1' } },
    CommMarketingUnsubscribePost: context.unsubscribe
      ? { body: { ...context.unsubscribe, communicationType: 'email' } }
      : { skip: 'no sandbox unsubscribe link for the demo customer' },
    LoginPost: {
      body: { phoneNumber: BENCH_CUSTOMER_PHONE, password: DEMO_PIN, rememberMe: false, countryCode: '+34' },
    },
    TokenGet: { params: { token: () => context.token } },
    LoginWithRepayTokenPostByRepayToken: { params: { repayToken: `demo-${REPAY_LINK_PHONE}` } },
    CustomerForLoginRedirectionGet: { query: { repayToken: `demo-${REPAY_LINK_PHONE}` } },
    LightRegisterPost: { skip: 'creates a customer: a repeated phone/DNI is refused (CustomerAlreadyRegistered)' },
    ForgotPinPost: { skip: 'sends a reset SMS: one a minute (PinRequestTooSoon), 5 a phone a day' },
    ValidateAndChangePasswordPost: { skip: 'needs a fresh single-use SMS code per request' },
    // ── logged in (demo customer) ──
    MemberDetailsGet: { as: 'customer' },
    CustomerGet: { as: 'customer' },
    PermissionHistoryGet: { as: 'customer' },
    CheckPermissionsPost: { as: 'customer', body: () => [context.customerId] },
    UpdateCommunicationPermissionPost: {
      as: 'customer',
      body: { allowEmail: true, allowSms: true, allow3CxCalls: true, source: 'account' },
    },
    SaveAddressPut: {
      as: 'customer',
      body: {
        street: 'Calle Mayor',
        streetNumber: '1',
        floor: null,
        postcode: '28013',
        city: 'Madrid',
        province: 'Madrid',
      },
    },
    AttachAffilatesPost: {
      as: 'customer',
      body: {
        uniqueClientId: 'bench-client',
        history: [{ occuredAt: new Date().toISOString(), fullUri: `${context.publicUrl}/?utm_source=bench` }],
      },
    },
    PushSubscriptionPost: { as: 'customer', body: push },
    PushSubscriptionDelete: { as: 'customer', body: { endpoint: 'https://push.example.com/bench/none' } },
    ScrapedAccountsGet: { as: 'customer' },
    FoundCardsGet: { as: 'customer' },
    WidgetInitPost: { as: 'customer', body: { acceptTerms: true, provider: 'tink' } },
    DirectTransferOrdersGet: { as: 'customer' },
    DirectTransferInitPost: {
      skip: "needs the demo loan's id and a paymentQuote amount of it (the bench does not learn them); each request stores an order",
    },
    AccountsAfterScrapeGet: { skip: 'polls a scrape session, which a customer logs in to in the widget page first' },
    CardCreateAndValidatePost: {
      skip: 'enters a card: each press a new key, and a card already entered is refused (CardAlreadyRegistered)',
    },
    CardProviderTokenCheckGetByCardId: {
      skip: "needs one of the demo customer's card ids (the bench does not learn one)",
    },
    CardSetActivePutByCardId: { skip: "needs one of the demo customer's card ids (the bench does not learn one)" },
    ThreeDsStateGet: { skip: 'polls a 3-D Secure track id, which only a card entry or a card payment starts' },
    AccountGetByAccountId: { skip: "needs one of the demo customer's account ids (the bench does not learn one)" },
    AddBankAccountManuallyPost: { skip: 'adds an account: a repeated IBAN is refused (BankAccountAlreadyExists)' },
    CreditLimitGet: { as: 'customer' },
    CustomerMiniGet: { as: 'customer' },
    JourneyGet: { as: 'customer' },
    DocumentUploadPost: {
      skip: 'an upload: each request stores a new file and row (multipart, 20 a minute per address)',
    },
    CardProofUploadPost: {
      skip: 'an upload: each request stores a new file and row (multipart, 20 a minute per address)',
    },
    CheckLoanByRestructuredPost: { as: 'customer', query: { customerId: String(context.customerId) } },
    AvailableCallTimesGet: { as: 'customer' },
    ChooseCallTimePost: {
      skip: 'books a slot: the demo customer holds one welcome call, and a booked slot leaves the offer for everyone',
    },
    CustomerLoansByStatusGet: { as: 'customer', query: { statuses: 'issued' } },
    CustomerAllLoansGet: { as: 'customer' },
    PayLoanPost: {
      skip: 'moves money: each press a new key, and a paid instalment cannot be paid again (the first answer only replays)',
    },
    PaymentStatusGet: { skip: "needs one of the demo customer's payment ids (the bench makes no payment)" },
    // '¿Problemas con un reembolso?': each request records one more reason for the demo customer's running loan.
    ImpedimentCreatePost: context.loanId
      ? { as: 'customer', body: { loanId: context.loanId, reason: 'salaryDelay' } }
      : { skip: 'the demo customer has no loan' },
    LoanApplicationScreensPost: {
      as: 'customer',
      body: { screen: 'LoanCreation', status: 'visited', loanFlowId: 'bench-flow-0001' },
    },
    LoanFlowDraftPut: {
      as: 'customer',
      body: {
        flowId: 'bench-flow-0001',
        step: 'loanRequest',
        dto: {
          amount: 2500,
          paymentDates: dates,
          issueDate: today,
          salaryCalculationDetails: {
            nextSalaryDate: dates[0],
            calculateNextXDates: 24,
            paymentFrequencyLogical: 'specificDate',
            day: null,
            week: null,
          },
        },
        formValues: { product: 2500, installment: 12 },
      },
    },
    LoanFlowDraftGet: { as: 'customer' },
    RequestLoanPost: {
      skip: 'each request needs a fresh key and a customer without an open loan: measured apart, see "RequestLoanPost under load"',
    },
    LoanAgreementGetByLoanId: context.loanId
      ? { as: 'customer', params: { loanId: String(context.loanId) } }
      : { skip: 'the demo customer has no loan' },
    AgreementPdfGetByLoanId: context.loanId
      ? { as: 'customer', params: { loanId: String(context.loanId) } }
      : { skip: 'the demo customer has no loan' },
    AssignAgreementPost: {
      skip: 'accepts a requested loan once (then the loan is agreementAssigned): it needs a new loan request per request',
    },
    // The customer's own address again: valid, and changes nothing, so it repeats.
    AddNewEmailPost: {
      as: 'customer',
      body: { type: 'email', subType: 'personal', value: 'mariajose.rodriguez@example.com' },
    },
    // Managing the loan. The demo customer's running loan has 12 instalments and is not late: rollover and
    // restructure refuse it (422, as the dashboard hides their buttons); their rules are measured by the server tests.
    RolloverAvailableDatesGet: { skip: "the demo customer's loan has 12 instalments: 422 RolloverNotAllowed" },
    RolloverCalculatePost: { skip: "the demo customer's loan has 12 instalments: 422 RolloverNotAllowed" },
    RolloverPost: { skip: 'moves money (the fee by card) and moves the date: one rollover per new instalment' },
    RestructurePlanGet: { skip: "the demo customer's loan is not late: 422 RestructureNotAllowed" },
    RestructureLoanPost: { skip: 'changes the loan once (its instalments become restructured)' },
    RestructureDocumentPdfGetByLoanId: {
      as: 'customer',
      skip: "the demo customer's loan was never restructured: 404 AgreementNotFound",
    },
    DesistContractGet: context.loanId
      ? { as: 'customer', query: { loanId: String(context.loanId) } }
      : { skip: 'the demo customer has no loan' },
    DesistContractPost: { skip: 'records a notice once per loan, only within 14 days of the payout' },
    // The same reference answers the same link (stored once): repeatable.
    CustomerReviewLinkPost: context.repaidLoanId
      ? { as: 'customer', body: { reviewUniqueRef: `loan-${context.repaidLoanId}`, customerId: context.customerId } }
      : { skip: 'the demo customer has no repaid loan' },
    LogoutPost: { skip: 'ends the session the other logged-in calls use' },
    ChangePasswordPost: { skip: 'only while passwordRequired (403 otherwise); ends the other sessions' },
    PinValidatePost: { skip: 'needs a fresh single-use SMS code per request (status new only)' },
    ResendPinPost: { skip: 'status new only; sends an SMS: one a minute (PinRequestTooSoon), 10 a day' },
    ChangeMobilePost: { skip: 'status new only; moves the customer to another phone and sends a new code' },
  };
}
