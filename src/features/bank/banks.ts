import type { OpenBankingProvider } from '../../shared/api/bank.ts';
import type { SelectOption } from '../../lib/ui/Select.tsx';

/**
 * The banks offered on 'Identifica tu banco', each with the open-banking provider whose widget links it (second
 * document §2: two providers). The widget then asks for the bank's own login.
 */
export const BANKS: readonly { readonly id: string; readonly name: string; readonly provider: OpenBankingProvider }[] =
  [
    { id: 'caixabank', name: 'CaixaBank', provider: 'tink' },
    { id: 'santander', name: 'Banco Santander', provider: 'tink' },
    { id: 'bbva', name: 'BBVA', provider: 'tink' },
    { id: 'bankinter', name: 'Bankinter', provider: 'tink' },
    { id: 'ing', name: 'ING', provider: 'tink' },
    { id: 'openbank', name: 'Openbank', provider: 'tink' },
    { id: 'sabadell', name: 'Banco Sabadell', provider: 'unnax' },
    { id: 'unicaja', name: 'Unicaja', provider: 'unnax' },
    { id: 'kutxabank', name: 'Kutxabank', provider: 'unnax' },
    { id: 'abanca', name: 'Abanca', provider: 'unnax' },
    { id: 'ibercaja', name: 'Ibercaja', provider: 'unnax' },
    { id: 'cajamar', name: 'Cajamar', provider: 'unnax' },
    { id: 'other', name: 'Otro banco', provider: 'tink' },
  ];

export const bankOptions: readonly SelectOption[] = BANKS.map((bank) => ({ value: bank.id, label: bank.name }));

export const providerOfBank = (id: string): OpenBankingProvider | undefined =>
  BANKS.find((bank) => bank.id === id)?.provider;
