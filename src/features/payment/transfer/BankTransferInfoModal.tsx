import { Button } from '../../../lib/ui/Button.tsx';
import { Modal } from '../../../lib/ui/Modal.tsx';
import { BANK_TRANSFER } from '../../../lib/lender.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { centsToEuros, formatMoney, type Cents } from '../../../shared/money.ts';
import { BankLogo } from './BankLogo.tsx';
import { CopyButton } from './CopyButton.tsx';
import { beneficiaryBank, beneficiaryIban, receiptMailto, transferDescription } from './bank-transfer.ts';
import { BANK_TRANSFER_TEXTS as TEXT } from './texts.ts';
import './transfer.css';

export interface BankTransferInfoModalProps {
  readonly loanId: number;
  /** What to transfer, in cents (the payment page's paymentQuote). */
  readonly amount: Cents;
  /** The customer's reference code (CustomerGet `additionalField`). */
  readonly referenceCode: string;
  readonly onClose: () => void;
}

/** The amount as a bank's form takes it: '123,45' (decimal comma, no thousands separator, no symbol). */
const plainAmount = (cents: Cents): string => centsToEuros(cents).toFixed(2).replace('.', ',');

/**
 * `bankTransferInfoModal` (second document §2): what to transfer and where — the beneficiary, the Spanish IBAN in
 * groups of 4 with the bank's logo, the amount and the description '{reference}-CN{loanId}', each with a copy
 * button ('Copiado', reset after 2 s) — the e-mail link to send the receipt, and when the payment is applied. Open
 * while mounted; max width 600.
 */
export function BankTransferInfoModal({ loanId, amount, referenceCode, onClose }: BankTransferInfoModalProps) {
  const description = transferDescription(referenceCode, loanId);
  return (
    <Modal
      isOpen
      id="bankTransferInfoModal"
      maxWidth={600}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={TEXT.title}
      footer={(close) => <Button onPress={close}>{TEXT.close}</Button>}
    >
      <p>{TEXT.intro}</p>
      <dl className="transfer-details">
        <div className="transfer-detail">
          <dt>{TEXT.beneficiary}</dt>
          <dd>
            <span className="transfer-value">{BANK_TRANSFER.beneficiary}</span>
            <CopyButton value={BANK_TRANSFER.beneficiary} field={TEXT.beneficiary} />
          </dd>
        </div>
        <div className="transfer-detail">
          <dt>{TEXT.iban}</dt>
          <dd>
            <BankLogo code={beneficiaryBank.code} name={beneficiaryBank.name} />
            <span className="transfer-value transfer-iban" data-testid="transfer-iban">
              {beneficiaryIban.grouped}
              <span className="transfer-bank">{formatMessage(TEXT.bankOf, { bank: beneficiaryBank.name })}</span>
            </span>
            <CopyButton value={beneficiaryIban.electronic} field={TEXT.iban} />
          </dd>
        </div>
        <div className="transfer-detail">
          <dt>{TEXT.amount}</dt>
          <dd>
            <span className="transfer-value" data-testid="transfer-amount">
              {formatMoney(amount)}
            </span>
            <CopyButton value={plainAmount(amount)} field={TEXT.amount} />
          </dd>
        </div>
        <div className="transfer-detail">
          <dt>{TEXT.description}</dt>
          <dd>
            <span className="transfer-value" data-testid="transfer-description">
              {description}
            </span>
            <CopyButton value={description} field={TEXT.description} />
          </dd>
        </div>
      </dl>
      <p className="transfer-hint">{TEXT.descriptionHint}</p>
      <p>{TEXT.applied}</p>
      <p>
        {TEXT.receiptBefore}
        <a href={receiptMailto(description)}>{BANK_TRANSFER.receiptEmail}</a>
        {TEXT.receiptAfter}
      </p>
    </Modal>
  );
}
