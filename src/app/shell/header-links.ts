import { NAVIGATION_TEXTS } from '../../shared/messages.ts';
import { buildPath } from '../../shared/routes/paths.ts';

/** The header's navigation (first document §2), shown in the header bar and in the mobile menu's panel. */
export const headerLinks = [
  { to: buildPath('howItWorks'), label: NAVIGATION_TEXTS.howItWorks },
  { to: buildPath('faq'), label: NAVIGATION_TEXTS.help },
  { to: buildPath('aboutUs'), label: NAVIGATION_TEXTS.about },
  { to: buildPath('contactUs'), label: NAVIGATION_TEXTS.contact },
] as const;
