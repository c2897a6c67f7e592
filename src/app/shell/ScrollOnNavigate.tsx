import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page opens at its top (the loan's success page opened 158 px down, where the long form before it
 * had been scrolled): on every push or replace to another path the window scrolls to the top, before paint. Back and
 * forward (POP) keep the browser's own restoration; a link to an anchor (`#llamame`) is left to the page.
 */
export function ScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type === 'POP' || hash !== '') return;
    window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}
