/**
 * The impediment module (docs/rules/payments.md "Impediments"): why a customer cannot pay a loan
 * ('¿Problemas con un reembolso?': ImpedimentCreatePost, ImpedimentAllowedGet; service.ts) and the back office's
 * queue and moves (ImpedimentsGet, ImpedimentStatusPost; staff.ts). It owns loan_impediments; SQL in repository.ts.
 */
export { impedimentRoutes } from './routes.ts';
