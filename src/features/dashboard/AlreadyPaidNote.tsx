import { useState } from 'react';
import { DASHBOARD_PAGE_TEXTS as TEXT } from './texts.ts';

/**
 * 'Ya está pagada': the instalment a reminder or a payment page pointed at is paid already. A polite status
 * message the customer can dismiss.
 */
export function AlreadyPaidNote() {
  const [shown, setShown] = useState(true);
  return (
    <div role="status" className="dashboard-notice">
      {shown && (
        <>
          <p>{TEXT.alreadyPaid}</p>
          <button
            type="button"
            className="ui-button ui-button--link dashboard-notice-close"
            aria-label={TEXT.dismissNotice}
            onClick={() => setShown(false)}
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </>
      )}
    </div>
  );
}
