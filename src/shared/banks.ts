/**
 * Spanish banks by their 4-digit entity code (Banco de España register; IBAN positions 5-8, the CCC's first four
 * digits). `linkable` banks are the ones the open-banking widgets list; the others only name the bank of an IBAN
 * entered by hand (entities absorbed by another keep their code in old account numbers).
 */
export interface SpanishBank {
  /** The 4-digit entity code. */
  code: string;
  name: string;
  linkable: boolean;
}

export const SPANISH_BANKS: readonly SpanishBank[] = [
  { code: '0049', name: 'Banco Santander', linkable: true },
  { code: '0182', name: 'BBVA', linkable: true },
  { code: '2100', name: 'CaixaBank', linkable: true },
  { code: '0081', name: 'Banco Sabadell', linkable: true },
  { code: '0128', name: 'Bankinter', linkable: true },
  { code: '1465', name: 'ING', linkable: true },
  { code: '2103', name: 'Unicaja', linkable: true },
  { code: '2095', name: 'Kutxabank', linkable: true },
  { code: '2080', name: 'Abanca', linkable: true },
  { code: '2085', name: 'Ibercaja', linkable: true },
  { code: '0073', name: 'Openbank', linkable: true },
  { code: '3058', name: 'Cajamar', linkable: true },
  { code: '3035', name: 'Laboral Kutxa', linkable: true },
  { code: '0239', name: 'EVO Banco', linkable: true },
  { code: '0019', name: 'Deutsche Bank', linkable: false },
  { code: '0061', name: 'Banca March', linkable: false },
  { code: '0186', name: 'Banco Mediolanum', linkable: false },
  { code: '2038', name: 'Bankia (CaixaBank)', linkable: false },
  { code: '0075', name: 'Banco Popular (Banco Santander)', linkable: false },
  { code: '0030', name: 'Banesto (Banco Santander)', linkable: false },
];

const byCode = new Map(SPANISH_BANKS.map((bank) => [bank.code, bank]));

export const bankByCode = (code: string): SpanishBank | undefined => byCode.get(code);

/** The bank's name for an entity code; an unknown entity is named by its code ('Entidad 1234'). */
export const bankNameOf = (code: string): string => byCode.get(code)?.name ?? `Entidad ${code}`;

/** The entity code of a Spanish IBAN (electronic format, `ES` + 22 digits). */
export const entityCodeOfIban = (iban: string): string => iban.slice(4, 8);
