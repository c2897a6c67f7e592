/**
 * The customer module: the phone check (CheckPhoneDniPost), the customer's e-mail (AddNewEmailPost, and the
 * refusal rule the agreement's acceptance applies) and the customer's status with its history.
 */
export { customerRoutes } from './routes.ts';
export { moveCustomerStatus, nationalMobileOrThrow, type CustomerStatusMove } from './service.ts';
export { validateAddress, type AddressData } from './address-rules.ts';
export { emailRefusal } from './email.ts';
export { customerScopeOf } from './search.ts';
export { findScopedCustomer } from './staff-record.ts';
export {
  clearPasswordRequired,
  customerStatusOf,
  findCreditLimitForUpdate,
  insertNewCustomer,
  requirePasswordChange,
  saveAddress,
  setCreditLimit,
  updateCustomerLimit,
  updateUnconfirmedPhone,
  type AddressRow,
  type NewCustomer,
} from './repository.ts';
