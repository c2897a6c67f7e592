import type { AgreementType } from '../../../shared/api/common.ts';
import { AGREEMENT_TITLE } from './agreement-document.ts';
import { EXPLANATION_TITLE } from './explanation-document.ts';
import { PRECONTRACT_TITLE } from './precontract-document.ts';
import { TERMS_TITLE } from './terms-document.ts';

/** The title each agreement text is answered with (AgreementPost keeps its 'Contrato de préstamo'). */
export const AGREEMENT_TEXT_TITLES: Readonly<Record<AgreementType, string>> = {
  agreement: AGREEMENT_TITLE,
  termsAndConditions: TERMS_TITLE,
  loanExplanation: EXPLANATION_TITLE,
  preContractInformation: PRECONTRACT_TITLE,
};

/** AgreementPost's title of the contract (the home calculator's modal shows it). */
export const UNSAVED_AGREEMENT_TITLE = 'Contrato de préstamo';

/** The file name's last part per document (second document §9: brand prefix, loan id, file name). */
export const PDF_FILE_NAMES = {
  agreement: 'contrato-de-prestamo.pdf',
  preContractInformation: 'informacion-precontractual.pdf',
} as const;

/** The file name of a restructure's pre-contract information PDF (after the brand prefix and the loan id). */
export const RESTRUCTURE_PDF_FILE_NAME = 'pago-flexible-informacion-precontractual.pdf';

/** The brand prefix of PDF file names: the brand in ASCII, e.g. 'PrestamoRapido'. */
export const pdfBrandPrefix = (brand: string) => brand.normalize('NFD').replace(/[^A-Za-z0-9]/g, '');
