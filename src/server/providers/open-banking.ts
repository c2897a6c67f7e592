/**
 * Open-banking (bank account scraping) provider behind the bank-credentials step. Not implemented yet: the
 * sandbox widget page under `/sandbox/…` returns Spanish accounts with valid IBANs and salary transactions; a
 * real provider (OPEN_BANKING_URL / OPEN_BANKING_API_KEY) implements the same interface.
 */

/** Scrape session statuses of the spec (second document §2). */
export type ScrapeStatus =
  'succeeded' | 'sessionFailed' | 'decisionFailed' | 'decisionRejected' | 'unnaxResponseTimeout' | 'inProgress';

export interface ScrapedTransaction {
  /** YYYY-MM-DD. */
  date: string;
  /** Positive for income, negative for spending. */
  amountCents: number;
  description: string;
  isSalary: boolean;
}

export interface ScrapedAccount {
  iban: string;
  bankName: string;
  holderName: string;
  balanceCents: number;
  transactions: ScrapedTransaction[];
}

export interface OpenBankingProvider {
  readonly name: string;
  /** Start a widget session for a customer; the client opens `widgetUrl` in a full-screen iframe. */
  initWidget(input: { customerId: number; redirectUrl: string }): Promise<{ sessionId: string; widgetUrl: string }>;
  /** The outcome of a session (polled every 10 s by the client while inProgress). */
  sessionResult(sessionId: string): Promise<{ status: ScrapeStatus; accounts: ScrapedAccount[] }>;
}
