import type { CalculatorProduct } from '../quotes/calculator-store.ts';
import { HOME_PAGE_TEXTS } from '../texts.ts';

const PRODUCTS: readonly CalculatorProduct[] = ['mini', 'installment'];

/**
 * The calculator's product switch: a native radio group ('Tipo de préstamo') drawn as two tabs. Radios, not an ARIA
 * tab list: the choice changes the form's values rather than showing another panel, and the browser gives them
 * their keyboard (arrow keys move and select, one Tab stop) and their names for free, in the first load.
 */
export function ProductSwitch({
  value,
  onChange,
}: {
  value: CalculatorProduct;
  onChange: (product: CalculatorProduct) => void;
}) {
  return (
    <fieldset className="calc-products">
      <legend className="visually-hidden">{HOME_PAGE_TEXTS.productLegend}</legend>
      {PRODUCTS.map((product) => (
        <label key={product} className="calc-product">
          <input
            className="calc-product-input"
            type="radio"
            name="product"
            value={product}
            checked={value === product}
            onChange={() => onChange(product)}
          />
          <span className="calc-product-name">{HOME_PAGE_TEXTS.products[product]}</span>
        </label>
      ))}
    </fieldset>
  );
}
