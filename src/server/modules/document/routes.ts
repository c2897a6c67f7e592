import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CardProofUploadPost, DocumentUploadPost, JourneyGet } from '../../../shared/api/document.ts';
import {
  DocumentCountGet,
  DocumentFileGet,
  DocumentListGet,
  DocumentReviewPost,
} from '../../../shared/api/document-staff.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { registerCall } from '../../http/register-call.ts';
import { customerJourney, uploadCardProof, uploadDocument, type DocumentDeps } from './service.ts';
import { reviewDocument } from './review.ts';
import { staffDocumentCount, staffDocumentFile, staffDocumentList } from './staff.ts';
import { createFileDocumentStore } from './store.ts';

/** Uploads: a few a minute per address is plenty for a DNI front, back and a card proof, with retries. */
const uploadRateLimit = { max: 20, timeWindow: 60_000 };

export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const deps: DocumentDeps = {
    db: app.db,
    clock: app.clock,
    store: createFileDocumentStore(join(app.config.dataDir, 'documents')),
    log: app.log,
    // A new document may complete what the payout looks at (modules/payout); the job checks at once.
    onStored: () => app.payout.nudge(),
  };
  // The uploads in a scope of their own with the multipart plugin: no other route runs its hooks.
  await app.register(async (uploads) => {
    await registerMultipart(uploads);
    registerCall(
      uploads,
      DocumentUploadPost,
      ({ body, requireCustomer }) => uploadDocument(deps, requireCustomer(), body),
      { rateLimit: uploadRateLimit },
    );
    registerCall(
      uploads,
      CardProofUploadPost,
      ({ body, requireCustomer }) => uploadCardProof(deps, requireCustomer(), body),
      { rateLimit: uploadRateLimit },
    );
  });
  registerCall(app, JourneyGet, ({ requireCustomer }) => customerJourney(app.db, requireCustomer().id));

  // The customer file's documents tab (docs/backoffice.md §5): reads (each logged by registerCall); a file view is audited.
  registerCall(app, DocumentListGet, ({ params, query, requireStaff }) =>
    staffDocumentList(deps, requireStaff(), params.customerId, query),
  );
  registerCall(app, DocumentCountGet, ({ params, requireStaff }) =>
    staffDocumentCount(deps, requireStaff(), params.customerId),
  );
  registerCall(app, DocumentFileGet, ({ params, requireStaff, request }) =>
    staffDocumentFile(deps, { staff: requireStaff(), request }, params.documentId),
  );
  registerCall(app, DocumentReviewPost, ({ params, body, requireStaff, request }) =>
    reviewDocument(deps, { staff: requireStaff(), request }, params.documentId, body),
  );
}
