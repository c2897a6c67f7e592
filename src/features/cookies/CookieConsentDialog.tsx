import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { CookieConsent } from '../../lib/storage/atoms.ts';
import type { CookieCategoryId } from '../../shared/cookies.ts';
import { COOKIE_TEXTS } from '../../shared/messages.ts';
import { ALL_OPTIONAL_COOKIES, consentFrom, togglesOf, type CookieToggles } from './consent-choices.ts';
import { COOKIE_MODAL_TEXTS } from './texts.ts';
import { useNativeModal } from './use-native-modal.ts';
import './cookies.css';

const loadDetails = () => import('./CookieDetails.tsx');
const CookieDetails = lazy(() =>
  loadDetails().catch((error: unknown) => {
    // Offline before the service worker cached it: the choice can still be made ('ACEPTAR', the short view).
    console.error('The cookie details could not be loaded', error);
    return { default: () => <p role="alert">{COOKIE_MODAL_TEXTS.detailsFailed}</p> };
  }),
);

export interface CookieConsentDialogProps {
  /** The stored consent (when reopened from the settings), or null. */
  initial: CookieConsent | null;
  /** Open in the detailed view (reopened from the settings) rather than the short one. */
  startInDetails: boolean;
  /** The customer's choice; the modal closes (it is unmounted). */
  onDecide: (consent: CookieConsent) => void;
}

type View = 'short' | 'details' | 'policy';

/**
 * The cookie consent modal (second document §3 "Cookie permissions", §4):
 * - not dismissible by clicking outside, Escape or a document click (see use-native-modal.ts);
 * - short view: 'ACEPTAR' approves everything; 'Mostrar detalles' / 'Ocultar detalles' switch to and from the
 *   detailed view; 'Acerca de las cookies' opens the policy text, and 'Controles de Privacidad' returns;
 * - detailed view: a switch per category (strictly necessary always on and disabled; the others start as stored,
 *   or off), an accordion with one section open at a time holding each category's cookie table, 'SELECCIONAR TODO'
 *   turns every switch on, 'ACTUALIZAR CONSENTIMIENTO' stores the chosen switches plus strictlyNecessary and closes.
 * The detailed view's categories and cookie table load when asked for (pointer or focus on 'Mostrar detalles'
 * already starts it): a visitor who accepts never downloads them.
 */
export default function CookieConsentDialog({ initial, startInDetails, onDecide }: CookieConsentDialogProps) {
  const dialog = useNativeModal();
  const titleId = useId();
  const textId = useId();
  const [view, setView] = useState<View>(startInDetails ? 'details' : 'short');
  const [policyReturnsTo, setPolicyReturnsTo] = useState<Exclude<View, 'policy'>>('short');
  const [toggles, setToggles] = useState<CookieToggles>(() => togglesOf(initial));
  const [expanded, setExpanded] = useState<CookieCategoryId | null>(null);

  // Opening or leaving the policy text replaces the button that had the focus: the focus goes to the new heading.
  // ('Mostrar detalles' / 'Ocultar detalles' is one button that stays, and keeps the focus.)
  const heading = useRef<HTMLHeadingElement>(null);
  const previousView = useRef(view);
  useEffect(() => {
    const previous = previousView.current;
    previousView.current = view;
    if (previous !== view && (previous === 'policy' || view === 'policy')) heading.current?.focus();
  }, [view]);

  const showPolicy = () => {
    if (view !== 'policy') setPolicyReturnsTo(view);
    setView('policy');
  };

  return (
    <dialog ref={dialog} className="cookie-dialog" aria-labelledby={titleId} aria-describedby={textId}>
      <div className="cookie-dialog-body">
        <h2 className="cookie-dialog-title" id={titleId} ref={heading} tabIndex={-1}>
          {view === 'policy' ? COOKIE_MODAL_TEXTS.policyTitle : COOKIE_MODAL_TEXTS.title}
        </h2>
        {view === 'policy' ? (
          <div id={textId}>
            {COOKIE_MODAL_TEXTS.policy.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        ) : (
          <p id={textId}>{view === 'short' ? COOKIE_MODAL_TEXTS.intro : COOKIE_MODAL_TEXTS.detailsIntro}</p>
        )}
        {view === 'details' && (
          <Suspense fallback={<p role="status">{COOKIE_MODAL_TEXTS.loadingDetails}</p>}>
            <CookieDetails
              toggles={toggles}
              onToggle={(permission, allowed) => setToggles((current) => ({ ...current, [permission]: allowed }))}
              expanded={expanded}
              onExpandedChange={setExpanded}
            />
          </Suspense>
        )}
      </div>
      <div className="cookie-dialog-actions">
        {view === 'policy' && (
          <button type="button" className="ui-button ui-button--primary" onClick={() => setView(policyReturnsTo)}>
            {COOKIE_TEXTS.privacyControls}
          </button>
        )}
        {view === 'short' && (
          <button
            type="button"
            className="ui-button ui-button--primary"
            onClick={() => onDecide(consentFrom(ALL_OPTIONAL_COOKIES))}
          >
            {COOKIE_TEXTS.accept}
          </button>
        )}
        {view === 'details' && (
          <>
            <button
              type="button"
              className="ui-button ui-button--primary"
              onClick={() => onDecide(consentFrom(toggles))}
            >
              {COOKIE_TEXTS.updateConsent}
            </button>
            <button
              type="button"
              className="ui-button ui-button--secondary"
              onClick={() => setToggles(ALL_OPTIONAL_COOKIES)}
            >
              {COOKIE_TEXTS.selectAll}
            </button>
          </>
        )}
        {view !== 'policy' && (
          <>
            <button
              type="button"
              className="ui-button ui-button--secondary"
              aria-expanded={view === 'details'}
              onPointerEnter={() => void loadDetails()}
              onFocus={() => void loadDetails()}
              onClick={() => setView(view === 'details' ? 'short' : 'details')}
            >
              {view === 'details' ? COOKIE_TEXTS.hideDetails : COOKIE_TEXTS.showDetails}
            </button>
            <button type="button" className="ui-button ui-button--link" onClick={showPolicy}>
              {COOKIE_MODAL_TEXTS.aboutCookies}
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}
