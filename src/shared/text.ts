/**
 * Text the database and the libraries can take: no NUL character (PostgreSQL refuses it in `text` and `jsonb`) and
 * no lone UTF-16 surrogate (not encodable as UTF-8; `encodeURI` and the drivers throw on it). Written without the
 * regular expression `u` flag and without `String.prototype.isWellFormed`, so it runs in every supported browser.
 */
// eslint-disable-next-line no-control-regex -- refusing NUL is the point
const STORABLE_TEXT = /^(?:[^\u0000\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

// eslint-disable-next-line no-control-regex -- refusing NUL is the point
const MAYBE_UNSTORABLE = /[\u0000\ud800-\udfff]/;

/**
 * Text without a NUL or any surrogate is storable at once (one quick scan, the common case); only text holding a
 * surrogate is checked for pairs.
 */
export const isStorableText = (text: string): boolean => !MAYBE_UNSTORABLE.test(text) || STORABLE_TEXT.test(text);

/** The validation message of text that is not storable. */
export const UNSTORABLE_TEXT_MESSAGE = 'Contiene caracteres no permitidos';
