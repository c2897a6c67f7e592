import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CardEntity } from '../../../shared/api/card.ts';
import type { CardProofUploadPost, DocumentUploadPost } from '../../../shared/api/document.ts';
import type { CustomerDocument } from '../../../shared/api/customer-schemas.ts';
import type { CallBody } from '../../../shared/api/define.ts';
import type { Journey } from '../../../shared/api/loan-schemas.ts';
import { errorCodes } from '../../../shared/api/errors.ts';
import { detectFileType, type DetectedFileType } from '../../../shared/file-type.ts';
import { toCents } from '../../../shared/money.ts';
import type { AuthenticatedCustomer } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/connect.ts';
import { ApiError, BusinessError } from '../../http/errors.ts';
import { setCardSubStatus } from '../card/index.ts';
import {
  findCustomerCardForUpdate,
  hasValidCard,
  insertDocument,
  latestLoanInApplication,
  listCustomerDocuments,
  type NewDocument,
} from './repository.ts';
import type { DocumentStore } from './store.ts';

/**
 * The customer's documents: the DNI/NIE sides (DocumentUploadPost) and card proofs (CardProofUploadPost), and the
 * loan application's journey (JourneyGet, and the journey of RequestLoanPost's answer).
 *
 * An upload is checked from its bytes (src/shared/file-type.ts), never from its name: a type that is not accepted
 * → 422 InvalidFileType, an empty file → 422 NoDocumentUploaded, and nothing is stored. An accepted file goes to
 * the document store first (atomic write), then its row (type read from the bytes, size, SHA-256, store key) is
 * written; if the row cannot be written, the stored file is deleted again.
 */

export interface DocumentDeps {
  db: Database;
  clock: Clock;
  store: DocumentStore;
  log: FastifyBaseLogger;
  /** Called after a document is stored (the payout job looks again). */
  onStored?: () => void;
}

/** Upload payloads after the body schema (defaults filled in, the file as bytes). */
type DocumentInput = CallBody<typeof DocumentUploadPost>;
type CardProofInput = CallBody<typeof CardProofUploadPost>;

interface CheckedFile {
  bytes: Uint8Array;
  type: DetectedFileType;
  sha256: string;
}

/** The file's bytes and type, or the 422 the spec's upload answers. */
function checkFile(document: Uint8Array | Blob): CheckedFile {
  // The multipart reader always gives bytes; a Blob only reaches here from a test calling the service directly.
  if (!(document instanceof Uint8Array) || document.length === 0) throw new BusinessError('NoDocumentUploaded');
  const type = detectFileType(document);
  if (!type) throw new BusinessError('InvalidFileType');
  return { bytes: document, type, sha256: createHash('sha256').update(document).digest('hex') };
}

/** Stores the bytes, then writes the rows in `write`; the stored file is removed when `write` fails. */
async function storeThen<T>(
  deps: DocumentDeps,
  file: CheckedFile,
  write: (storageKey: string) => Promise<T>,
): Promise<T> {
  let storageKey: string;
  try {
    storageKey = await deps.store.put(file.bytes);
  } catch (error) {
    deps.log.error({ err: error }, 'document store write failed');
    throw new BusinessError('DocumentUploadFailed');
  }
  try {
    return await write(storageKey);
  } catch (error) {
    await deps.store.delete(storageKey).catch((cleanup: unknown) => {
      deps.log.error({ err: cleanup, storageKey }, 'document store: an orphan file could not be deleted');
    });
    throw error;
  }
}

const documentRow = (
  caller: AuthenticatedCustomer,
  file: CheckedFile,
  fields: Pick<NewDocument, 'type' | 'subType' | 'cardId' | 'name' | 'channel' | 'status'>,
  storageKey: string,
  now: Date,
): NewDocument => ({
  customerId: caller.id,
  ...fields,
  mimeType: file.type.mimeType,
  sizeBytes: file.bytes.length,
  sha256: file.sha256,
  storageKey,
  createdAt: now,
});

const toDocument = (row: {
  id: number;
  type: string;
  subType: string | null;
  name: string;
  status: string;
  rejectionReason: string | null;
  createdAt: Date;
}): CustomerDocument => ({
  id: row.id,
  type: row.type,
  name: row.name,
  status: row.status,
  createdDate: row.createdAt.toISOString(),
  subType: row.subType,
  rejectionReason: row.rejectionReason,
});

/** DocumentUploadPost: one side of the DNI/NIE. */
export async function uploadDocument(
  deps: DocumentDeps,
  caller: AuthenticatedCustomer,
  payload: DocumentInput,
): Promise<CustomerDocument> {
  const file = checkFile(payload.document);
  const now = deps.clock.now();
  const row = await storeThen(deps, file, (storageKey) =>
    insertDocument(
      deps.db,
      documentRow(
        caller,
        file,
        {
          type: payload.type,
          subType: payload.subType ?? null,
          cardId: null,
          name: payload.name,
          channel: payload.channel,
          status: 'new',
        },
        storageKey,
        now,
      ),
    ),
  );
  deps.log.info(
    { customerId: caller.id, documentId: row.id, mimeType: row.mimeType, sizeBytes: row.sizeBytes },
    'document uploaded',
  );
  deps.onStored?.();
  return toDocument(row);
}

/** CardNotFound as a 404: another customer's card (or none) is not found, with the catalogue's code and text. */
const cardNotFound = () => {
  const definition = errorCodes.CardNotFound;
  return new ApiError('CardNotFound', definition.value, 404, definition.title, definition.message);
};

/** CardProofUploadPost: a photo or document of the caller's card; the card's sub-status becomes `uploaded`. */
export async function uploadCardProof(
  deps: DocumentDeps,
  caller: AuthenticatedCustomer,
  payload: CardProofInput,
): Promise<CardEntity> {
  if (!(await findCustomerCardForUpdate(deps.db, caller.id, payload.cardId))) throw cardNotFound();
  const file = checkFile(payload.document);
  const now = deps.clock.now();
  const card = await storeThen(deps, file, (storageKey) =>
    deps.db.transaction(async (tx) => {
      if (!(await findCustomerCardForUpdate(tx, caller.id, payload.cardId))) throw cardNotFound();
      const row = await insertDocument(
        tx,
        documentRow(
          caller,
          file,
          {
            type: payload.type,
            subType: null,
            cardId: payload.cardId,
            name: payload.name,
            channel: payload.channel,
            status: payload.status,
          },
          storageKey,
          now,
        ),
      );
      deps.log.info(
        { customerId: caller.id, documentId: row.id, cardId: payload.cardId, mimeType: row.mimeType },
        'card proof uploaded',
      );
      return setCardSubStatus(tx, { cardId: payload.cardId, to: 'uploaded', changedBy: 'customer', at: now });
    }),
  );
  deps.onStored?.();
  return { ...card, brand: card.brand === 'visa' ? 'visa' : 'other' };
}

/**
 * The loan application's journey (second document §3, §4): all the customer's documents (the client counts the
 * `identity` ones), whether a validated card is on file, and the latest loan in application (requested or
 * agreementAssigned), else null.
 */
export async function customerJourney(db: Executor, customerId: number): Promise<Journey> {
  // One after the other: `db` may be a transaction (RequestLoanPost's).
  const rows = await listCustomerDocuments(db, customerId);
  const cardProvided = await hasValidCard(db, customerId);
  const loan = await latestLoanInApplication(db, customerId);
  return {
    documents: rows.map(toDocument),
    cardProvided,
    loanDetails: loan ? { loanId: loan.id, loanAmount: toCents(loan.amountCents), status: loan.status } : null,
  };
}
