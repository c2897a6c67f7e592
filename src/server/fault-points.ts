/**
 * Fail points for the crash tests (tests/server/crash-recovery.test.ts): `FAULT_POINTS=payment:afterCharge` kills
 * the process with SIGKILL the moment the code reaches that point, as a power cut or an OOM kill would, so a test
 * can restart the server on the same data and check that nothing was charged twice. Only with SANDBOX on
 * (config.ts refuses the variable otherwise); without it every point is a no-op.
 */
export const FAULT_POINT_NAMES = [
  /** The payment's intent (pending, with its key) is committed; the gateway was not called. */
  'payment:afterIntent',
  /** The gateway charged; the outcome is not recorded yet. */
  'payment:afterCharge',
  /** A card was validated at the gateway; nothing is recorded yet. */
  'card:afterValidation',
  /** The direct-transfer provider created the order; nothing is recorded yet. */
  'transfer:afterInit',
  /** An idempotent call's handler answered (its work committed); the answer is not stored with the key yet. */
  'idempotency:beforeStore',
] as const;
export type FaultPointName = (typeof FAULT_POINT_NAMES)[number];

let armed: ReadonlySet<string> | null = null;

export function faultPoint(name: FaultPointName): void {
  armed ??= new Set((process.env['FAULT_POINTS'] ?? '').split(',').map((part) => part.trim()));
  if (armed.has(name)) process.kill(process.pid, 'SIGKILL');
}
