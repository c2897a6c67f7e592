import { WIDGET_MESSAGES } from '../../../shared/messages-loan.ts';

/**
 * Texts of the bank transfer details modal and the direct transfer widget: the spec's verbatim (second document §8
 * "Widgets", in shared/messages-loan.ts) and new ones in the app's voice (tú, short sentences).
 */
export const BANK_TRANSFER_TEXTS = {
  title: 'Pagar por transferencia bancaria',
  intro: 'Haz una transferencia desde tu banco con estos datos:',
  beneficiary: 'Beneficiario',
  iban: 'IBAN',
  bankOf: 'Banco: {bank}',
  amount: 'Importe',
  description: 'Concepto',
  descriptionHint: 'Escribe el concepto tal cual, para que podamos identificar tu pago.',
  copy: 'Copiar',
  copied: 'Copiado',
  copyLabel: 'Copiar {field}',
  applied:
    'Aplicaremos el pago a tu préstamo cuando recibamos la transferencia, normalmente en 1 o 2 días hábiles. Hasta entonces tu cuota seguirá apareciendo como pendiente.',
  receiptBefore: 'Cuando hayas hecho la transferencia, envíanos el justificante a ',
  receiptAfter: ' para que la identifiquemos antes.',
  receiptSubject: 'Justificante de transferencia {description}',
  close: 'Cerrar',
} as const;

export const DIRECT_TRANSFER_TEXTS = {
  title: 'Pagar con transferencia inmediata',
  preparing: 'Preparando tu transferencia',
  /** Shown by the provider's widget at the end (DirectTransferInitPost `doneMessage`). */
  doneMessage: 'Pago realizado. Ya puedes volver a Préstamo Rápido.',
  inProgressTitle: 'Ya tienes una transferencia en curso',
  inProgress:
    'Ya autorizaste una transferencia de {amount} para este préstamo el {date}. La aplicaremos en cuanto llegue: no hace falta que vuelvas a pagar.',
  failedTitle: 'No se ha podido hacer la transferencia',
  accountBlocked: WIDGET_MESSAGES.accountBlocked,
  mustAcceptTerms: WIDGET_MESSAGES.mustAcceptTerms,
  error: WIDGET_MESSAGES.noWidgetUrl,
  close: 'Cerrar',
} as const;
