import { useEffect, useRef, useState } from 'react';
import { LAYOUT, SCROLL_THROTTLE_MS } from '../../shared/constants.ts';

/**
 * The header hides while the page scrolls down and shows again on the way up (first document §2); the scroll
 * listener runs at most every 50 ms (§9), trailing, so the last position always counts.
 */
export function useHideOnScrollDown(): boolean {
  const [hidden, setHidden] = useState(false);
  const last = useRef({ y: 0, at: 0 });
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      pending = undefined;
      last.current.at = Date.now();
      const y = Math.max(0, window.scrollY);
      const delta = y - last.current.y;
      if (Math.abs(delta) < 4) return; // jitter (momentum scrolling, rounding)
      setHidden(delta > 0 && y > LAYOUT.headerHeight);
      last.current.y = y;
    };
    const onScroll = () => {
      if (pending !== undefined) return;
      pending = setTimeout(check, Math.max(0, SCROLL_THROTTLE_MS - (Date.now() - last.current.at)));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // A pre-rendered page can be scrolled before the app takes it over: that scroll counts too.
    if (window.scrollY !== 0) onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (pending !== undefined) clearTimeout(pending);
    };
  }, []);
  return hidden;
}
