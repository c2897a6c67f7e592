import { useEffect, useState } from 'react';
import type { WireLoanDefinition } from '../../../shared/loan/loan-definition.ts';
import { knownDisclaimer, loadDisclaimer } from '../disclaimer.ts';
import type { CalculatorProduct } from '../quotes/calculator-store.ts';

/**
 * The representative example of the product shown (see disclaimer.ts): of the definition the last quote was priced
 * with, the product's built-in one until then. The minipréstamo's built-in one at once; the others once their small
 * module (or, for a definition that is not built in, the maths) has loaded.
 */
export function CalculatorDisclaimer({
  product,
  definition,
}: {
  product: CalculatorProduct;
  definition: WireLoanDefinition | undefined;
}) {
  const known = knownDisclaimer(product, definition);
  // What the text was loaded for: the definition, or the product while there is none.
  const subject = definition ?? product;
  const [loaded, setLoaded] = useState<{ for: WireLoanDefinition | CalculatorProduct; text: string } | null>(null);
  useEffect(() => {
    if (known !== null) return;
    let current = true;
    loadDisclaimer(definition).then(
      (text) => {
        if (current) setLoaded({ for: subject, text });
      },
      (error: unknown) => console.warn('The representative example could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [known, definition, subject]);
  const text = known ?? (loaded !== null && loaded.for === subject ? loaded.text : '');
  return <p className="calc-disclaimer">{text}</p>;
}
