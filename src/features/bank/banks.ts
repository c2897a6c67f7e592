import type { OpenBankingProvider } from '../../shared/api/bank.ts';
import type { SelectOption } from '../../lib/ui/Select.tsx';

/**
 * The banks offered on 'Identifica tu banco', each with the open-banking provider whose widget links it (second
 * document §2: two providers), by the bank's entity code. The same banks the sandbox widgets list; the widget opens
 * at the chosen bank's own login ('Otro banco': the widget asks which).
 */
export const BANKS: readonly { readonly id: string; readonly name: string; readonly provider: OpenBankingProvider }[] =
  [
    { id: '0049', name: 'Banco Santander', provider: 'tink' },
    { id: '0182', name: 'BBVA', provider: 'tink' },
    { id: '2100', name: 'CaixaBank', provider: 'tink' },
    { id: '0081', name: 'Banco Sabadell', provider: 'unnax' },
    { id: '0128', name: 'Bankinter', provider: 'tink' },
    { id: '1465', name: 'ING', provider: 'tink' },
    { id: '2103', name: 'Unicaja', provider: 'unnax' },
    { id: '2095', name: 'Kutxabank', provider: 'unnax' },
    { id: '2080', name: 'Abanca', provider: 'unnax' },
    { id: '2085', name: 'Ibercaja', provider: 'unnax' },
    { id: '0073', name: 'Openbank', provider: 'tink' },
    { id: '3058', name: 'Cajamar', provider: 'unnax' },
    { id: '3035', name: 'Laboral Kutxa', provider: 'unnax' },
    { id: '0239', name: 'EVO Banco', provider: 'tink' },
    { id: 'other', name: 'Otro banco', provider: 'tink' },
  ];

export const bankOptions: readonly SelectOption[] = BANKS.map((bank) => ({ value: bank.id, label: bank.name }));

export const providerOfBank = (id: string): OpenBankingProvider | undefined =>
  BANKS.find((bank) => bank.id === id)?.provider;

/** The entity code the widget opens at, or undefined for 'Otro banco' (the widget then asks for the bank). */
export const widgetBankCode = (id: string): string | undefined => (/^\d{4}$/.test(id) ? id : undefined);
