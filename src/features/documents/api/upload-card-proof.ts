import { callApi } from '../../../lib/api/client.ts';
import type { CardEntity } from '../../../shared/api/card.ts';
import { CardProofUploadPost } from '../../../shared/api/document.ts';
import { API_TIMEOUT } from '../../../shared/constants.ts';

/**
 * CardProofUploadPost (multipart, second document §3): type copyOfCard, status new, cardSubStatus uploaded, name,
 * the file in `document`, channel website, cardId and maskedCardNumber; the upload timeout (3 minutes).
 */
export function uploadCardProof(card: Pick<CardEntity, 'id' | 'maskedCardNumber'>, file: File): Promise<CardEntity> {
  return callApi(
    CardProofUploadPost,
    {
      body: {
        type: 'copyOfCard',
        status: 'new',
        cardSubStatus: 'uploaded',
        name: file.name,
        document: file,
        channel: 'website',
        cardId: card.id,
        maskedCardNumber: card.maskedCardNumber,
      },
    },
    { ignoreErrors: true, timeoutMs: API_TIMEOUT.uploadMs },
  );
}
