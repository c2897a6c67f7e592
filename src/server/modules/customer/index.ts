/**
 * The customer module: the phone check (CheckPhoneDniPost), the customer's e-mail (AddNewEmailPost, and the
 * refusal rule the agreement's acceptance applies) and the customer's status with its history.
 */
export { customerRoutes } from './routes.ts';
export { moveCustomerStatus, nationalMobileOrThrow, type CustomerStatusMove } from './service.ts';
export { emailRefusal } from './email.ts';
export {
  clearPasswordRequired,
  customerStatusOf,
  insertNewCustomer,
  requirePasswordChange,
  saveAddress,
  setCreditLimit,
  updateCustomerLimit,
  updateUnconfirmedPhone,
  type AddressRow,
  type NewCustomer,
} from './repository.ts';
