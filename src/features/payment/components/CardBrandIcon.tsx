/** The one card-brand icon of the spec (a number starting with 4). */
export function CardBrandIcon() {
  return (
    <svg className="payment-card-brand" viewBox="0 0 32 20" width="32" height="20" role="img" aria-label="Visa">
      <rect width="32" height="20" rx="3" fill="#1a1f71" />
      <text x="16" y="14" textAnchor="middle" fontSize="9" fill="#fff" fontWeight="700">
        VISA
      </text>
    </svg>
  );
}
