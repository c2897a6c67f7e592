/**
 * The restructure module ('Pago Flexible', docs/rules/payments.md "Restructure"): RestructurePlanGet and the
 * idempotent RestructureLoanPost, with the plan of `src/shared/loan/restructure.ts`. SQL in repository.ts.
 */
export { restructureRoutes } from './routes.ts';
