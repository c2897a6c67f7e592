import { useEffect, useState } from 'react';
import { getJourney } from '../../lib/api/calls/journey.ts';
import type { CustomerDocument } from '../../shared/api/customer-schemas.ts';
import type { DocumentSide } from './api/upload-identity-document.ts';

export type RejectedSides = Partial<Record<DocumentSide, string>>;

/**
 * The staff's rejection of each DNI/NIE side whose newest upload was rejected (docs/rules/bank-and-cards.md): the
 * rejection's text by side. A side uploaded again after the rejection has a newer document, so it is not listed.
 */
export function rejectedSidesOf(documents: readonly CustomerDocument[]): RejectedSides {
  const newest = new Map<string, CustomerDocument>();
  for (const document of documents) {
    if (document.type !== 'identity' || !document.subType) continue;
    const seen = newest.get(document.subType);
    if (!seen || seen.id < document.id) newest.set(document.subType, document);
  }
  const rejected: RejectedSides = {};
  for (const side of ['front', 'back'] as const) {
    const document = newest.get(side);
    if (document?.status === 'rejected' && document.rejectionReason) rejected[side] = document.rejectionReason;
  }
  return rejected;
}

/** The rejected sides of the customer's documents (JourneyGet, errors not shown: without it nothing is listed). */
export function useRejectedSides(): RejectedSides {
  const [rejected, setRejected] = useState<RejectedSides>({});
  useEffect(() => {
    let live = true;
    getJourney({ ignoreErrors: true })
      .then((journey) => {
        if (live) setRejected(rejectedSidesOf(journey.documents));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return rejected;
}
