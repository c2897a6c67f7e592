/**
 * A bank's logo: the app has no bank artwork (the bank feature lists banks by name; the sandbox widget draws
 * initials), so it is the bank's initials on its brand colour, named for assistive technology.
 */
const BRAND_COLOURS: Readonly<Record<string, string>> = {
  '0049': '#ec0000', // Banco Santander
  '0182': '#004481', // BBVA
  '2100': '#007eae', // CaixaBank
  '0081': '#006dff', // Banco Sabadell
  '0128': '#ff7300', // Bankinter
  '1465': '#ff6200', // ING
};
const DEFAULT_COLOUR = '#44546a';

/** Two letters for a bank: its name's capitals ('CaixaBank' → 'CB', 'Banco Santander' → 'BS'), else its first two. */
export function bankInitials(name: string): string {
  const capitals = name.replace(/\(.*\)/g, '').match(/[A-ZÁÉÍÓÚÑ]/g) ?? [];
  return capitals.length >= 2 ? capitals.slice(0, 2).join('') : name.slice(0, 2).toUpperCase();
}

export function BankLogo({ code, name }: { readonly code: string; readonly name: string }) {
  return (
    <span
      className="bank-logo"
      role="img"
      aria-label={name}
      data-bank={code}
      style={{ background: BRAND_COLOURS[code] ?? DEFAULT_COLOUR }}
    >
      <span aria-hidden="true">{bankInitials(name)}</span>
    </span>
  );
}
