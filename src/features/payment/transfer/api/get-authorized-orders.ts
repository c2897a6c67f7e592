import { callApi, type CallOptions } from '../../../../lib/api/client.ts';
import { DirectTransferOrdersGet, type DirectTransferOrder } from '../../../../shared/api/transfer.ts';

/** DirectTransferOrdersGet: the caller's widget orders, kept when `authorized` (second document §7.1). */
export async function getAuthorizedOrders(options: CallOptions = {}): Promise<DirectTransferOrder[]> {
  const orders = await callApi(DirectTransferOrdersGet, {}, { ...options, ignoreErrors: true });
  return orders.filter((order) => order.status === 'authorized');
}
