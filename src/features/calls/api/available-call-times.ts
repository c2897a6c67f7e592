import { callApi } from '../../../lib/api/client.ts';
import { AvailableCallTimesGet, type AvailableCallDay } from '../../../shared/api/calls.ts';

/** The days with free welcome-call slots (today in Madrid and the next days), each with its free slots. */
export function getAvailableCallTimes(signal?: AbortSignal): Promise<AvailableCallDay[]> {
  return callApi(AvailableCallTimesGet, {}, signal ? { signal } : {});
}
