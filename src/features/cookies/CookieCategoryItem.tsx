import { useId } from 'react';
import type { CookieCategory } from '../../shared/cookies.ts';
import { CookieTable } from './CookieTable.tsx';
import { COOKIE_MODAL_TEXTS } from './texts.ts';

export interface CookieCategoryItemProps {
  category: CookieCategory;
  /** The category's permission (always true for strictly necessary cookies). */
  allowed: boolean;
  onAllowedChange: (allowed: boolean) => void;
  expanded: boolean;
  onToggleExpanded: () => void;
}

/**
 * One accordion section of the detailed view: the heading button opens the description and the cookie table; the
 * switch beside it (not inside: two controls never nest) allows or refuses the category. Strictly necessary
 * cookies have their switch on and disabled.
 */
export function CookieCategoryItem({
  category,
  allowed,
  onAllowedChange,
  expanded,
  onToggleExpanded,
}: CookieCategoryItemProps) {
  const id = useId();
  return (
    <div className="cookie-category">
      <div className="cookie-category-head">
        <h3 className="cookie-category-heading">
          <button
            type="button"
            className="cookie-category-trigger"
            id={`${id}-trigger`}
            aria-expanded={expanded}
            aria-controls={`${id}-panel`}
            onClick={onToggleExpanded}
          >
            <span id={`${id}-title`}>{category.title}</span>
            <svg className="cookie-chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </h3>
        <span className="cookie-switch">
          <input
            type="checkbox"
            role="switch"
            name={category.permission}
            className="cookie-switch-input"
            checked={category.alwaysOn || allowed}
            disabled={category.alwaysOn}
            aria-labelledby={`${id}-title`}
            aria-describedby={category.alwaysOn ? `${id}-always` : undefined}
            onChange={(event) => onAllowedChange(event.currentTarget.checked)}
          />
          <span className="cookie-switch-track" aria-hidden="true">
            <span className="cookie-switch-handle" />
          </span>
          {category.alwaysOn && (
            <span className="cookie-switch-note" id={`${id}-always`}>
              {COOKIE_MODAL_TEXTS.alwaysOn}
            </span>
          )}
        </span>
      </div>
      <div
        className="cookie-category-panel"
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-trigger`}
        hidden={!expanded}
      >
        <p>{category.description}</p>
        <CookieTable category={category.id} />
      </div>
    </div>
  );
}
