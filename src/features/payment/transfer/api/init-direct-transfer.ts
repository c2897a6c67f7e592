import { callApi, type CallOptions } from '../../../../lib/api/client.ts';
import { DirectTransferInitPost, type DirectTransferInitPayload } from '../../../../shared/api/transfer.ts';

/**
 * DirectTransferInitPost: starts the provider's transfer widget for a payment of this loan; answers the widget's
 * URL. Global errors skipped: the modal shows the widget texts of the second document §8 (the caller reports what
 * is not its own to the global catalogue).
 */
export async function initDirectTransfer(
  payload: DirectTransferInitPayload,
  options: CallOptions = {},
): Promise<string> {
  const { widgetUrl } = await callApi(DirectTransferInitPost, { body: payload }, { ...options, ignoreErrors: true });
  return widgetUrl;
}
