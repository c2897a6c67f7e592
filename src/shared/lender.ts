/**
 * The lender's identity: who the customer contracts with, as the law requires it on the legal pages (LSSI art. 10,
 * RGPD art. 13), in the pre-contract information and the contract (Ley 16/2011 art. 10 and 16), on the transfer
 * instructions and in every message. One configuration for the whole product:
 * - the server reads it at start (`LENDER_FILE`, a JSON file of this shape; `src/server/lender.ts` checks it) and
 *   renders the documents and PDFs with it; with `SANDBOX=false` it refuses to start without one;
 * - the client build reads the same file (`__LENDER__`, vite.config.ts) for the legal pages, the footer, the menu and
 *   the transfer modal; the server refuses to serve a build made with another identity.
 * `SANDBOX_LENDER` is a complete, fictional identity for the sandbox (and the default build).
 */
export interface LenderIdentity {
  /** Registered company name: 'Préstamo Rápido Financiación, S.L.' */
  readonly legalName: string;
  /** The brand the customer knows. */
  readonly tradeName: string;
  /** CIF (NIF of a company). */
  readonly taxId: string;
  /** Registered office, one line. */
  readonly registeredAddress: string;
  /** Commercial registry entry (Registro Mercantil: tomo, folio, hoja). */
  readonly commercialRegistry: string;
  /** The public registry where its consumer-credit activity is entered. */
  readonly consumerCreditRegistry: string;
  readonly customerService: {
    readonly email: string;
    /** Nine digits, no prefix: a geographic line. */
    readonly phone: string;
    readonly phoneDisplay: string;
    /** Nine digits: the free line (900…). */
    readonly freePhone: string;
    readonly freePhoneDisplay: string;
    readonly hours: string;
    /** Where written complaints go. */
    readonly postalAddress: string;
  };
  /**
   * The collections department (recobro): who a customer with an overdue loan, or in collection, calls or writes to
   * to pay or agree a plan. An external collection company acts on the lender's behalf; this line stays reachable.
   */
  readonly collections: {
    readonly email: string;
    /** Nine digits, no prefix. */
    readonly phone: string;
    readonly phoneDisplay: string;
    readonly hours: string;
  };
  /** The data protection officer (RGPD art. 13.1.b). */
  readonly dataProtection: { readonly email: string };
  /** The account customers pay into by bank transfer (the `bankTransferInfoModal`) and where receipts go. */
  readonly collectionAccount: { readonly iban: string; readonly receiptEmail: string };
}

export const SANDBOX_LENDER: LenderIdentity = {
  legalName: 'Préstamo Rápido Financiación, S.L.',
  tradeName: 'Préstamo Rápido',
  taxId: 'B12345674',
  registeredAddress: 'Calle de Serrano 00, 28001 Madrid (dirección ficticia de demostración)',
  commercialRegistry: 'Registro Mercantil de Madrid, tomo 00000, folio 1, hoja M-000000 (datos ficticios)',
  consumerCreditRegistry:
    'Registro estatal de empresas de la Ley 2/2009 del Ministerio de Consumo, número 0000 (datos ficticios)',
  customerService: {
    email: 'ayuda@prestamorapido.example',
    phone: '910000000',
    phoneDisplay: '910 000 000',
    freePhone: '900000000',
    freePhoneDisplay: '900 000 000',
    hours: 'De lunes a viernes, de 9:00 a 20:00 (hora peninsular), excepto festivos nacionales.',
    postalAddress: 'Servicio de Atención al Cliente, Calle de Serrano 00, 28001 Madrid',
  },
  collections: {
    email: 'recobro@prestamorapido.example',
    phone: '910000001',
    phoneDisplay: '910 000 001',
    hours: 'De lunes a viernes, de 9:00 a 20:00 (hora peninsular), excepto festivos nacionales.',
  },
  dataProtection: { email: 'dpd@prestamorapido.example' },
  collectionAccount: { iban: 'ES1421005800480200123456', receiptEmail: 'pagos@prestamorapido.example' },
};

/** Every text of an identity, for the checks that no value is a placeholder. */
export function lenderTexts(lender: LenderIdentity): string[] {
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner);
  };
  walk(lender);
  return texts;
}
