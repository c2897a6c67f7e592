/**
 * The one card-brand icon of the spec (second document §2: shown when the number starts with 4, see
 * `showsBrandIcon` in src/shared/card-display.ts): the loan request's card list, the active cards and the payment page.
 */
export function CardBrandIcon() {
  return (
    <svg
      className="card-brand-icon"
      style={{ flex: 'none' }}
      viewBox="0 0 32 20"
      width="32"
      height="20"
      role="img"
      aria-label="Visa"
    >
      <rect width="32" height="20" rx="3" fill="#1a1f71" />
      <text x="16" y="14" textAnchor="middle" fontSize="9" fill="#fff" fontWeight="700">
        VISA
      </text>
    </svg>
  );
}
