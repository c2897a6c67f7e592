import { useEffect } from 'react';
import { buildPath } from '../../shared/routes/paths.ts';
import { staticPageDescriptions, type StaticPageKey } from './page-meta.ts';

/**
 * The page's meta description and canonical URL, also after a navigation inside the app (the pre-rendered HTML of
 * the page carries them from the start). The canonical keeps the origin of the build's own canonical link when
 * there is one (PUBLIC_URL at build time), otherwise the page's origin. Leaving the page puts back what was there.
 */
export function usePageMeta(key: StaticPageKey): void {
  useEffect(() => {
    const head = document.head;
    let description = head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const createdDescription = description === null;
    if (description === null) {
      description = document.createElement('meta');
      description.name = 'description';
      head.append(description);
    }
    const previousDescription = description.content;
    description.content = staticPageDescriptions[key];

    let canonical = head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const createdCanonical = canonical === null;
    const previousHref = canonical?.getAttribute('href') ?? null;
    const origin = previousHref ? new URL(previousHref, document.baseURI).origin : window.location.origin;
    if (canonical === null) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      head.append(canonical);
    }
    canonical.href = `${origin}${buildPath(key)}`;

    return () => {
      if (createdDescription) description.remove();
      else description.content = previousDescription;
      if (createdCanonical) canonical.remove();
      else if (previousHref !== null) canonical.setAttribute('href', previousHref);
    };
  }, [key]);
}
