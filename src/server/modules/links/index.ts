/** The repay short links module: the token login, the redirection info, and the repay tokens other modules issue. */
export {
  hashRepayToken,
  issueRepayToken,
  repayLinkFor,
  REPAY_TOKEN_DEFAULT_TTL_MS,
  REPAY_TOKEN_MAX_TTL_MS,
  revokeRepayTokens,
  storeRepayToken,
  type IssuedRepayToken,
  type IssueRepayTokenOptions,
} from './repay-tokens.ts';
export { linksRoutes, repayLoginRateLimit, repayRedirectionRateLimit } from './routes.ts';
