/**
 * Open-banking (bank account scraping) provider behind the bank-credentials step: the customer logs in to their
 * bank inside the provider's widget (a full-screen iframe of the app), the provider reads the accounts and their
 * transactions, and the server polls the session's result. The sandbox provider (./sandbox-open-banking.ts) serves
 * its widget pages under `/sandbox/open-banking/…`; a real provider (OPEN_BANKING_URL / OPEN_BANKING_API_KEY,
 * ./http-open-banking.ts) implements the same interface. The decision statuses (decisionRejected, decisionFailed)
 * are the server's, not the provider's.
 */
import type { OpenBankingProvider as WidgetFlavour } from '../../shared/api/bank.ts';

export type { WidgetFlavour };

/** Where a provider session stands. */
export type ProviderSessionStatus = 'inProgress' | 'succeeded' | 'sessionFailed' | 'unnaxResponseTimeout';

export interface ScrapedTransaction {
  /** YYYY-MM-DD. */
  date: string;
  /** Positive for income, negative for spending. */
  amountCents: number;
  description: string;
  /** The provider's classification of an income as salary. */
  isSalary: boolean;
}

export interface ScrapedAccount {
  /** Electronic format, `ES` + 22 digits. */
  iban: string;
  bankName: string;
  holderName: string;
  balanceCents: number;
  transactions: ScrapedTransaction[];
}

/** The session as the server keeps it (scrape_sessions), handed back to the provider on each poll. */
export interface OpenBankingSession {
  id: string;
  customerId: number;
  /** The provider's own state (opaque JSON text), as returned by `initWidget` or written by its widget. */
  providerState: string | null;
  /** How many times the client has asked for the result so far (this poll included). */
  polls: number;
  createdAt: Date;
}

export interface WidgetInit {
  /** Which of the two widgets (second document §2: two providers, each in a full-screen iframe). */
  flavour: WidgetFlavour;
  customerId: number;
  /** The account holder as we know them (the sandbox names its accounts after them). */
  holderName: string;
  /** The app's origin: the only origin the widget may post its messages to and the only one that may frame it. */
  appOrigin: string;
  /** The origin that serves the sandbox widget pages (this server, as the client reached it). */
  serverOrigin: string;
  /** The bank (entity code) the customer chose in the app: the widget opens at its login instead of asking again. */
  bankCode?: string | undefined;
}

export interface OpenBankingProvider {
  readonly name: string;
  /** Starts a widget session; the client opens `widgetUrl` in a full-screen iframe and polls `sessionId`. */
  initWidget(input: WidgetInit): Promise<{ sessionId: string; widgetUrl: string; providerState: string | null }>;
  /** The outcome of a session (asked each time the client polls while it is inProgress). */
  sessionResult(
    session: OpenBankingSession,
    now: Date,
  ): Promise<{ status: ProviderSessionStatus; accounts: ScrapedAccount[] }>;
}
