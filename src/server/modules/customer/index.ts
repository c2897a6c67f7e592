/** The customer module: the phone check (CheckPhoneDniPost) and the customer's status with its history. */
export { customerRoutes } from './routes.ts';
export { moveCustomerStatus, nationalMobileOrThrow, type CustomerStatusMove } from './service.ts';
