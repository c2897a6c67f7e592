import { callApi } from '../../../lib/api/client.ts';
import type { CustomerDocument } from '../../../shared/api/customer-schemas.ts';
import { DocumentUploadPost } from '../../../shared/api/document.ts';
import { API_TIMEOUT } from '../../../shared/constants.ts';

export type DocumentSide = 'front' | 'back';

/**
 * DocumentUploadPost (multipart): one side of the DNI/NIE, fields type identity, subType, name, channel website and
 * the file in `document`; the upload timeout (3 minutes). Errors are shown by the page.
 */
export function uploadIdentityDocument(side: DocumentSide, file: File): Promise<CustomerDocument> {
  return callApi(
    DocumentUploadPost,
    { body: { type: 'identity', subType: side, name: file.name, channel: 'website', document: file } },
    { ignoreErrors: true, timeoutMs: API_TIMEOUT.uploadMs },
  );
}
