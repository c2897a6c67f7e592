/**
 * The direct-transfer module (`/api/inboundpayment`): DirectTransferInitPost (a provider order for a loan
 * payment, the widget's url), DirectTransferOrdersGet (the caller's orders) and the provider's signed callback
 * (`POST /api/inboundpayment/callback/unnax/:callbackEvent`) that settles the payment through the payment module's
 * core. SQL in repository.ts.
 */
export { transferRoutes, DIRECT_TRANSFER_CALLBACK_PATH } from './routes.ts';
export { updateOrderProviderState } from './repository.ts';
export { CALLBACK_SIGNATURE_HEADER, signCallback, verifyCallbackSignature } from './callback-signature.ts';
