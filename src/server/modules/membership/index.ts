/**
 * The membership module: login, token login, member details, logout; the member (a customer with its
 * credentials) and its PIN failure counter, which registration and the repay links use.
 */
export { MAX_CONSECUTIVE_PIN_FAILURES } from './login.ts';
export { customerDetailsOf, fullNameOf, memberDetailsOf, twoLetterNameOf } from './member-details.ts';
export {
  blockMember,
  findMemberById,
  findMemberByPhone,
  recordPinFailure,
  recordPinSuccess,
  storePassword,
  type MemberRow,
} from './repository.ts';
export { LOGIN_PHONE_RATE_LIMIT, loginIpRateLimit } from './rate-limits.ts';
export { membershipRoutes } from './routes.ts';
