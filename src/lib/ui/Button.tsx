import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components/Button';
import { Spinner } from './Spinner.tsx';
import { UI_TEXTS } from './ui-texts.ts';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends Omit<
  AriaButtonProps,
  'className' | 'style' | 'children' | 'isPending' | 'render'
> {
  /** 'primary' (filled), 'secondary' (outlined) or 'link' (text). Default 'primary'. */
  variant?: ButtonVariant;
  /**
   * Shows a spinner and marks the button aria-busy and aria-disabled: it keeps its focus, ignores presses, does not
   * submit its form, and 'Cargando' is announced politely.
   */
  isLoading?: boolean;
  /** What the spinner and the announcement say while loading. Default 'Cargando'. */
  loadingLabel?: string;
  /** Stretches the button to the width of its container. */
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
}

/** Handlers that stay active while loading (focus and hover, so tooltips and focus rings keep working). */
const KEPT_WHILE_LOADING = /Focus|Blur|Hover|Pointer(Enter|Leave|Over|Out)|Mouse(Enter|Leave|Over|Out)/;

function withoutPressHandlers(
  props: Omit<ButtonProps, 'variant' | 'isLoading' | 'loadingLabel' | 'fullWidth' | 'children'>,
) {
  return Object.fromEntries(
    Object.entries(props).filter(([key]) => !(key.startsWith('on') && !KEPT_WHILE_LOADING.test(key))),
  ) as typeof props;
}

/**
 * The app's button, over React Aria's Button (press events, keyboard, focus ring on keyboard focus only).
 *
 * The loading state is ours rather than React Aria's `isPending`: that one announces through a live-region element
 * labelled by the button, which dangles (an axe `role-img-alt` violation for 7 s) when the button unmounts right
 * after, e.g. a form that navigates on success.
 */
export function Button({
  variant = 'primary',
  isLoading = false,
  loadingLabel = UI_TEXTS.loading,
  fullWidth = false,
  className,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = ['ui-button', `ui-button--${variant}`, fullWidth && 'ui-button--full', className];
  return (
    <>
      <AriaButton
        {...(isLoading ? withoutPressHandlers(props) : props)}
        type={isLoading && type === 'submit' ? 'button' : type}
        className={classes.filter(Boolean).join(' ')}
        data-pending={isLoading || undefined}
        render={(domProps) => (
          <button
            {...domProps}
            aria-busy={isLoading || undefined}
            aria-disabled={isLoading ? true : domProps['aria-disabled']}
          />
        )}
      >
        {isLoading && <Spinner size="small" label={loadingLabel} />}
        <span className="ui-button-label">{children}</span>
      </AriaButton>
      <span className="visually-hidden" role="status">
        {isLoading ? loadingLabel : ''}
      </span>
    </>
  );
}
