import type { ReactElement, ReactNode } from 'react';
import { OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components/Tooltip';
import './tooltip.css';

export interface TooltipProps {
  /**
   * The element the tooltip describes: a React Aria focusable element (our Button, a RAC Link…), or any element
   * wrapped in RAC's `Focusable`. It gets aria-describedby pointing at the tooltip.
   */
  children: ReactElement;
  /** The tooltip text. */
  content: ReactNode;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  /** Milliseconds of hover before the tooltip opens. Keyboard focus opens it at once. Default 600. */
  delay?: number;
  isDisabled?: boolean;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/** A tooltip on hover and keyboard focus (closes on Escape), over React Aria's TooltipTrigger. */
export function Tooltip({
  children,
  content,
  placement = 'top',
  delay = 600,
  isDisabled,
  isOpen,
  onOpenChange,
}: TooltipProps) {
  return (
    <TooltipTrigger delay={delay} isDisabled={isDisabled} isOpen={isOpen} onOpenChange={onOpenChange}>
      {children}
      <AriaTooltip placement={placement} offset={10} className="ui-tooltip">
        <OverlayArrow className="ui-tooltip-arrow">
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
