import { atom } from 'jotai';
import type { AppStore } from '../storage/store.ts';

/**
 * 'Instalar app': Chromium browsers fire `beforeinstallprompt` when the app is installable; the event is kept and
 * replayed from the customer's click. iOS Safari has no such event: its customers get a short instruction to add the
 * app to the home screen (web push on iOS also needs the installed app).
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOption = { kind: 'prompt' } | { kind: 'ios' } | { kind: 'none' };

const deferredPromptAtom = atom<BeforeInstallPromptEvent | null>(null);
const installedAtom = atom(false);

export const isStandalone = (): boolean =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iPhone, iPad (including iPadOS that reports a Mac with touch) in Safari, not yet on the home screen. */
export function isIosSafari(userAgent = navigator.userAgent, maxTouchPoints = navigator.maxTouchPoints): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
  return ios && !otherBrowser;
}

export const installOptionAtom = atom<InstallOption>((get) => {
  if (get(installedAtom)) return { kind: 'none' };
  if (get(deferredPromptAtom)) return { kind: 'prompt' };
  if (typeof window !== 'undefined' && isIosSafari() && !isStandalone()) return { kind: 'ios' };
  return { kind: 'none' };
});

let started = false;

export function startInstallPrompt(store: AppStore): void {
  if (started) return;
  started = true;
  if (isStandalone()) store.set(installedAtom, true);
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep it for the customer's own click instead of the browser's mini-infobar
    store.set(deferredPromptAtom, event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    store.set(deferredPromptAtom, null);
    store.set(installedAtom, true);
  });
}

/** Shows the browser's install dialog (from a click); true when the customer accepted. */
export const promptInstallAtom = atom(null, async (get, set): Promise<boolean> => {
  const deferred = get(deferredPromptAtom);
  if (!deferred) return false;
  set(deferredPromptAtom, null); // a prompt event can be used once
  await deferred.prompt();
  const choice = await deferred.userChoice;
  if (choice.outcome === 'accepted') set(installedAtom, true);
  return choice.outcome === 'accepted';
});
