import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { HTTP_MESSAGES } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';
import { showToast } from './toast-store.ts';

/**
 * The app's not-found handling for a page whose address names nothing of the customer's (another customer's loan, an
 * unknown instalment), as for a 404 answer: a warning, then the home page (replacing the address).
 */
export function NotFoundRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    showToast({ alertType: 'warning', header: HTTP_MESSAGES.notFound.title, content: HTTP_MESSAGES.notFound.message });
    navigate(buildPath('home'), { replace: true });
  }, [navigate]);
  return null;
}
