import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../lib/ui/Button.tsx';
import { Tooltip } from '../../../lib/ui/Tooltip.tsx';
import { LOAN_FLOW_DELAYS } from '../../../shared/constants.ts';
import { formatMessage } from '../../../shared/messages.ts';
import { BANK_TRANSFER_TEXTS as TEXT } from './texts.ts';

export interface CopyButtonProps {
  /** What is copied. */
  readonly value: string;
  /** The field's name, for the button's accessible name ('Copiar IBAN'). */
  readonly field: string;
}

/**
 * Copies a value to the clipboard: the tooltip says 'Copiado' and resets after 2 s (second document §2, §9). A copy
 * that fails is only logged (second document §8 "Generic"): the customer can still select the text.
 */
export function CopyButton({ value, field }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch (error) {
      console.warn('Copy to clipboard failed', error);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), LOAN_FLOW_DELAYS.copyTooltipResetMs);
  };

  return (
    <>
      <Tooltip
        content={copied ? TEXT.copied : TEXT.copy}
        isOpen={copied || hovered}
        onOpenChange={setHovered}
        delay={300}
      >
        <Button
          variant="secondary"
          className="transfer-copy"
          aria-label={formatMessage(TEXT.copyLabel, { field })}
          onPress={() => void copy()}
        >
          {TEXT.copy}
        </Button>
      </Tooltip>
      <span className="visually-hidden" role="status" data-copy-status="">
        {copied ? TEXT.copied : ''}
      </span>
    </>
  );
}
