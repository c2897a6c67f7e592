import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Navigate } from './session-actions.ts';

/**
 * Navigation from outside React (the API client's global failures: 401 → login, 404 → home). The bridge component,
 * rendered inside the router, hands the router's navigate function over; before that, navigation falls back to a
 * full page load.
 */
let current: Navigate | null = null;

export const navigateOutsideReact: Navigate = (to, options) => {
  if (current) return current(to, options);
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
  return undefined;
};

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    current = (to, options) => navigate(to, options);
    return () => {
      current = null;
    };
  }, [navigate]);
  return null;
}
