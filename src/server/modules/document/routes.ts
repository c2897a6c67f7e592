import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CardProofUploadPost, DocumentUploadPost, JourneyGet } from '../../../shared/api/document.ts';
import { registerMultipart } from '../../http/multipart.ts';
import { registerCall } from '../../http/register-call.ts';
import { customerJourney, uploadCardProof, uploadDocument, type DocumentDeps } from './service.ts';
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
}
