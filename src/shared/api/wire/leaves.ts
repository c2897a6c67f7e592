import { centsToEuros, eurosToCents, isWholeCents, WHOLE_CENTS_MESSAGE } from '../../money.ts';
import { convert, number, refine, type Node } from './light.ts';

/**
 * The zod-free twins of the contract's schemas whose conversion is a function (registered in `wireCodecLeaves` of
 * src/shared/api/common.ts), for the generated codecs. Each must behave as its zod original: the unit tests compare
 * them on the same inputs.
 */

/**
 * `centsFromEuros(...)`: the wire's euros ↔ integer `Cents`. `wire` is the codec's wire number with its checks as
 * zod holds them (finite, ±MAX_WIRE_EUROS, and e.g. positive); the whole-cents check is added here.
 */
export const cents = (wire: Node): Node =>
  convert(
    refine(wire, (euros: number) => isWholeCents(euros), WHOLE_CENTS_MESSAGE),
    number({ int: true }),
    {
      decode: (euros: number) => eurosToCents(euros),
      encode: (value: number) => centsToEuros(value),
    },
  );
