import type { LenderIdentity } from '../../../shared/lender.ts';

/**
 * How the documents name the lender (src/shared/lender.ts): section 1 of the pre-contract information (the standard
 * form's «Identidad y detalles de contacto del prestamista») and the parties of the contract.
 */
export const lenderFacts = (lender: LenderIdentity): ReadonlyArray<readonly [string, string]> => [
  ['Prestamista', `${lender.legalName} (${lender.tradeName})`],
  ['CIF', lender.taxId],
  ['Domicilio social', lender.registeredAddress],
  ['Inscripción', `${lender.commercialRegistry}. ${lender.consumerCreditRegistry}.`],
  ['Teléfono', `${lender.customerService.phoneDisplay}; línea gratuita ${lender.customerService.freePhoneDisplay}`],
  ['Correo electrónico', lender.customerService.email],
  ['Atención al cliente', `${lender.customerService.hours} ${lender.customerService.postalAddress}.`],
];

/** The lender as a party: name, CIF, registered office and registry entries. */
export const lenderParty = (lender: LenderIdentity): string =>
  `${lender.legalName}, con CIF ${lender.taxId} y domicilio social en ${lender.registeredAddress}, inscrita en el ${lender.commercialRegistry} y en el ${lender.consumerCreditRegistry}`;

/** Where a complaint goes, in one sentence. */
export const complaintsText = (lender: LenderIdentity): string =>
  `Puede presentar sus quejas ante el servicio de atención al cliente de ${lender.tradeName} (${lender.customerService.email}, ${lender.customerService.phoneDisplay}, línea gratuita ${lender.customerService.freePhoneDisplay}; por escrito: ${lender.customerService.postalAddress}). Si no está conforme con la respuesta, puede dirigirse a las autoridades de consumo competentes.`;
