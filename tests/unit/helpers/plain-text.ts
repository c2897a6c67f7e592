/**
 * Money is written with a no-break space before '€' (src/shared/money.ts MONEY_SPACE). Testing Library's text
 * matchers and jest-dom's toHaveTextContent collapse every space of the page's text, the no-break one included, into
 * a plain space, but not the expected text: a text built with formatMoney is compared through `plain`.
 */
export const plain = (text: string): string => text.replace(/\u00a0/g, ' ');
