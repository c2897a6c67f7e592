import type { LoanDefinition, LoanProduct } from '../../../shared/loan/loan-definition.ts';
import type { Executor } from '../../db/connect.ts';
import { findAllDefinitions, type DatedDefinition } from './definition-repository.ts';

type DefinitionOf<P extends LoanProduct> = Extract<LoanDefinition, { product: P }>;

/**
 * The loan definitions the quotes price with, kept in memory (PaymentPlansPost is the home calculator's call, one
 * per slider move of every visit: it must not wait for the database). Every row is kept, with its `valid_from`, and
 * the one in force is picked for each quote's moment, so a price change planned for a date takes effect at that date
 * exactly; a row added since the last read reaches the quotes within `maxAgeMs` (the rows are read again, once, by
 * the first quote after that). When that read fails and rows were read before, the quotes go on with them (a
 * warning is logged) and the read is tried again after RETRY_AFTER_FAILURE_MS; without rows the quote fails. The loan
 * request does not use this: it reads the definition in force in its own transaction (`findDefinitionInForce`).
 */
export interface DefinitionCatalogue {
  /** The definition of `product` in force at `at`: at once when the rows are fresh, after reading them otherwise. */
  inForce<P extends LoanProduct>(product: P, at: Date): DefinitionOf<P> | Promise<DefinitionOf<P>>;
  /** The rows are read again by the next quote (a staff member changed a definition on this instance). */
  invalidate(): void;
}

/** How long the last rows serve after a failed read before the database is asked again. */
export const RETRY_AFTER_FAILURE_MS = 5_000;

export interface DefinitionCatalogueOptions {
  db: Executor;
  maxAgeMs: number;
  /** Where a failed read that the last rows stand in for is reported. */
  log?: { warn(object: unknown, message: string): void };
  /** Monotonic time in ms for the rows' age (not the business clock). */
  elapsedMs?: () => number;
}

export function createDefinitionCatalogue({
  db,
  maxAgeMs,
  log,
  elapsedMs = () => performance.now(),
}: DefinitionCatalogueOptions): DefinitionCatalogue {
  let rows: readonly DatedDefinition[] = [];
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<readonly DatedDefinition[]> | null = null;

  const read = (): Promise<readonly DatedDefinition[]> => {
    reading ??= findAllDefinitions(db)
      .then((fresh) => {
        // Objects of unchanged rows are kept, so the quote cache (keyed by definition object) stays warm.
        rows = fresh.map((row) => rows.find((old) => sameRow(old, row)) ?? row);
        readAt = elapsedMs();
        return rows;
      })
      .catch((error: unknown) => {
        if (rows.length === 0) throw error;
        // The rows read before stand in (prices change rarely); asked again after a short pause, not on every quote.
        readAt = elapsedMs() - maxAgeMs + Math.min(maxAgeMs, RETRY_AFTER_FAILURE_MS);
        log?.warn({ err: error }, 'loan definitions: the read failed, the quotes use the rows read before');
        return rows;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  return {
    inForce(product, at) {
      if (elapsedMs() - readAt < maxAgeMs) return pickInForce(rows, product, at);
      return read().then((fresh) => pickInForce(fresh, product, at));
    },
    invalidate() {
      readAt = Number.NEGATIVE_INFINITY;
    },
  };
}

function sameRow(a: DatedDefinition, b: DatedDefinition): boolean {
  return (
    a.validFrom.getTime() === b.validFrom.getTime() && JSON.stringify(a.definition) === JSON.stringify(b.definition)
  );
}

/** The newest definition of `product` already valid at `at` (as `findDefinitionInForce` picks it in SQL). */
function pickInForce<P extends LoanProduct>(rows: readonly DatedDefinition[], product: P, at: Date): DefinitionOf<P> {
  let best: DatedDefinition | undefined;
  for (const row of rows) {
    if (row.definition.product !== product || row.validFrom.getTime() > at.getTime()) continue;
    if (
      !best ||
      row.validFrom.getTime() > best.validFrom.getTime() ||
      (row.validFrom.getTime() === best.validFrom.getTime() && row.definition.version > best.definition.version)
    ) {
      best = row;
    }
  }
  if (!best) throw new Error(`No ${product} loan definition in force at ${at.toISOString()}`);
  return best.definition as DefinitionOf<P>;
}
