import { useId } from 'react';
import { formatMessage } from '../../../../shared/messages.ts';
import { formatAmount } from '../../format.ts';
import type { LoanProduct } from '../../product-rules.ts';
import { LOAN_FORM_TEXTS as TEXT } from '../../texts.ts';
import type { StepHeader } from '../../use-loan-request-form.ts';
import { Step } from './Step.tsx';

/** A product the customer can choose, with the range of amounts it offers them. */
export interface ProductChoice {
  readonly product: LoanProduct;
  readonly amounts: readonly number[];
}

interface AmountStepProps extends StepHeader {
  /** The products offered (the switch shows when there are two). */
  products: readonly ProductChoice[];
  loanProduct: LoanProduct;
  onChooseProduct: (product: LoanProduct) => void;
  amounts: readonly number[];
  value: number | null | undefined;
  /** Why the form does not start from the home calculator's amount. */
  notice: string | null;
  onChoose: (amount: number) => void;
}

/** Step 'Importe': the product (minipréstamo or instalment loan), then its amounts, one radio each. */
export function AmountStep({
  products,
  loanProduct,
  onChooseProduct,
  amounts,
  value,
  notice,
  onChoose,
  ...header
}: AmountStepProps) {
  return (
    <Step name="product" {...header}>
      {products.length > 1 && (
        <fieldset className="loan-options loan-products">
          <legend>{TEXT.productLabel}</legend>
          {products.map((choice) => (
            <ProductOption
              key={choice.product}
              choice={choice}
              checked={choice.product === loanProduct}
              onChoose={() => onChooseProduct(choice.product)}
            />
          ))}
        </fieldset>
      )}
      <fieldset className="loan-options">
        <legend>{TEXT.amountLabel}</legend>
        {amounts.map((amount) => (
          <label key={amount} className="loan-option">
            <input
              type="radio"
              name="product"
              value={amount}
              checked={value === amount}
              onChange={() => onChoose(amount)}
            />
            <span>{formatAmount(amount)}</span>
          </label>
        ))}
      </fieldset>
      {notice && (
        <p className="loan-notice" role="status">
          {notice}
        </p>
      )}
    </Step>
  );
}

function ProductOption({
  choice,
  checked,
  onChoose,
}: {
  choice: ProductChoice;
  checked: boolean;
  onChoose: () => void;
}) {
  const nameId = useId();
  const hintId = useId();
  const lowest = choice.amounts[0] ?? 0;
  const highest = choice.amounts.at(-1) ?? 0;
  return (
    <label className="loan-option loan-product">
      <input
        type="radio"
        name="loanProduct"
        value={choice.product}
        checked={checked}
        aria-labelledby={nameId}
        aria-describedby={hintId}
        onChange={onChoose}
      />
      <span id={nameId}>{TEXT.productNames[choice.product]}</span>
      <span id={hintId} className="loan-product-hint">
        {formatMessage(TEXT.productHints[choice.product], {
          min: formatAmount(lowest),
          max: formatAmount(highest),
        })}
      </span>
    </label>
  );
}
