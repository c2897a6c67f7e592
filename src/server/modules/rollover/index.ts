/**
 * The rollover module ('Prórroga', docs/rules/payments.md "Rollover"): RolloverAvailableDatesGet,
 * RolloverCalculatePost and RolloverPost (the fee paid by card through the payment module's `chargeCardPayment`; the
 * settle core applies the rollover when the fee payment settles). The rule is `src/shared/loan/rollover.ts`.
 */
export { rolloverRoutes } from './routes.ts';
