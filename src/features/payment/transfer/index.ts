/**
 * PLACEHOLDER for transferui (branch i13-transferui), which writes this folder: the lead drops this file at merge.
 * Only the agreed props (HELPERS13 agreement 6), rendering nothing, so the payment page compiles and is tested
 * against them.
 */
import type { Cents } from '../../../shared/money.ts';
import type { PaymentOption } from '../../../shared/statuses.ts';

export interface BankTransferInfoModalProps {
  readonly loanId: number;
  readonly amount: Cents;
  readonly referenceCode: string;
  readonly onClose: () => void;
}

export interface DirectTransferModalProps {
  readonly loanId: number;
  readonly amount: Cents;
  readonly paymentOption: PaymentOption;
  readonly onClose: () => void;
}

export function BankTransferInfoModal(props: BankTransferInfoModalProps): null {
  void props;
  return null;
}

export function DirectTransferModal(props: DirectTransferModalProps): null {
  void props;
  return null;
}
