/**
 * The payment page's transfer modals (second document §2): the bank transfer details (`bankTransferInfoModal`) and
 * the direct transfer widget. Each is open while mounted and calls `onClose` when the customer closes it.
 */
export { BankTransferInfoModal, type BankTransferInfoModalProps } from './BankTransferInfoModal.tsx';
export { DirectTransferModal, type DirectTransferModalProps } from './DirectTransferModal.tsx';
