import { callApi } from '../../../lib/api/client.ts';
import { HandoverOtpPost, type Handover } from '../../../shared/api/links.ts';

/** HandoverOtpPost: sends the login code by SMS (not before 60 s since the last one). */
export function sendHandoverCode(introductionId: string): Promise<Handover> {
  return callApi(HandoverOtpPost, { params: { introductionId } });
}
