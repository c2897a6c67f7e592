/**
 * A staff member's read-only view of a customer's area (MorphToPost, docs/backoffice.md §1 «morphTo»): the customer
 * app's page that takes the session from the URL's fragment, `/morph#t=<token>`. A fragment never reaches a server
 * log or a `Referer`.
 */
export const MORPH_PATH = '/morph';
export const MORPH_TOKEN_PARAM = 't';

export const morphUrl = (token: string): string => `${MORPH_PATH}#${MORPH_TOKEN_PARAM}=${encodeURIComponent(token)}`;
