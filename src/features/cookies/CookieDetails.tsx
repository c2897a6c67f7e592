import type { CookieCategoryId } from '../../shared/cookies.ts';
import { cookieCategories } from '../../shared/cookies.ts';
import type { CookieToggles } from './consent-choices.ts';
import { CookieCategoryItem } from './CookieCategoryItem.tsx';
import { COOKIE_MODAL_TEXTS } from './texts.ts';

export interface CookieDetailsProps {
  toggles: CookieToggles;
  onToggle: (permission: keyof CookieToggles, allowed: boolean) => void;
  /** The open accordion section (one at a time), or null. */
  expanded: CookieCategoryId | null;
  onExpandedChange: (expanded: CookieCategoryId | null) => void;
}

/**
 * The detailed view's categories: a switch and an accordion section with the cookie table per category. Loaded when
 * the customer asks for the details (most visitors only press 'ACEPTAR': the table is not part of a first visit).
 */
export default function CookieDetails({ toggles, onToggle, expanded, onExpandedChange }: CookieDetailsProps) {
  return (
    <div className="cookie-categories" role="group" aria-label={COOKIE_MODAL_TEXTS.categoriesLabel}>
      {cookieCategories.map((category) => {
        const permission = category.permission;
        return (
          <CookieCategoryItem
            key={category.id}
            category={category}
            allowed={permission === 'strictlyNecessary' || toggles[permission]}
            onAllowedChange={(allowed) => {
              if (permission !== 'strictlyNecessary') onToggle(permission, allowed);
            }}
            expanded={expanded === category.id}
            onToggleExpanded={() => onExpandedChange(expanded === category.id ? null : category.id)}
          />
        );
      })}
    </div>
  );
}
