import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CookieConsent } from '../../../../src/features/cookies/CookieConsent.tsx';
import { closeCookieSettings, openCookieSettings } from '../../../../src/features/cookies/cookie-settings.ts';
import {
  basicDetailsAtom,
  cookieConsentAtom,
  type CookieConsent as Consent,
} from '../../../../src/lib/storage/atoms.ts';
import { cookieCategories, cookiesOfCategory } from '../../../../src/shared/cookies.ts';
import type { AppStore } from '../../../../src/lib/storage/store.ts';
import { freshStore } from '../../harness/render-at-route.tsx';

/**
 * The cookie consent modal (second document §3 "Cookie permissions", §4, §9): every rule of the spec, as the
 * customer meets it. jsdom has no `showModal`: the modal falls back to the `open` attribute there (one test checks
 * the `showModal` path with a stand-in).
 */

beforeAll(async () => {
  await import('../../../../src/features/cookies/CookieConsentDialog.tsx');
  await import('../../../../src/features/cookies/CookieDetails.tsx');
});
afterEach(() => {
  act(() => closeCookieSettings());
  cleanup();
  vi.restoreAllMocks();
});

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

async function renderConsent(store?: AppStore): Promise<AppStore> {
  const used = store ?? (await freshStore());
  await act(async () => {
    render(
      <Provider store={used}>
        <CookieConsent />
      </Provider>,
    );
  });
  return used;
}

const modal = () => screen.getByRole('dialog', { name: 'Tu privacidad' });
const button = (name: string) => screen.getByRole('button', { name });
const switchOf = (title: string) => screen.getByRole('switch', { name: title });

/** 'Mostrar detalles', and the detailed view's categories once their code has loaded. */
async function showDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Mostrar detalles' }));
  await screen.findAllByRole('switch');
}

describe('cookie consent modal: when it shows', () => {
  it('shows while no consent is stored, in its short view', async () => {
    await renderConsent();
    expect(await screen.findByRole('dialog', { name: 'Tu privacidad' })).toBeVisible();
    expect(within(modal()).getByText(/Usamos cookies y tecnologías parecidas/)).toBeInTheDocument();
    expect(button('ACEPTAR')).toBeInTheDocument();
    expect(button('Mostrar detalles')).toHaveAttribute('aria-expanded', 'false');
    expect(button('Acerca de las cookies')).toBeInTheDocument();
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
  });

  it('does not show once a consent is stored', async () => {
    const store = await freshStore();
    await store.set(cookieConsentAtom, {
      strictlyNecessary: true,
      functional: false,
      analyticsPerformance: false,
      advertisingPurposing: false,
      fullStoryVideo: false,
    });
    await renderConsent(store);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('cookie consent modal: it cannot be dismissed', () => {
  it('Escape and the browser’s cancel request are refused', async () => {
    await renderConsent();
    const dialog = await screen.findByRole('dialog', { name: 'Tu privacidad' });
    expect(fireEvent.keyDown(dialog, { key: 'Escape' })).toBe(false);
    expect(fireEvent(dialog, new Event('cancel', { cancelable: true }))).toBe(false);
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('closedby', 'none');
  });

  it('a click outside it or on the document leaves it open', async () => {
    await renderConsent();
    const dialog = await screen.findByRole('dialog', { name: 'Tu privacidad' });
    await userEvent.setup().click(document.body);
    fireEvent.click(document);
    expect(dialog).toBeVisible();
  });

  it('if the browser closes it anyway, it opens again', async () => {
    await renderConsent();
    const dialog = (await screen.findByRole('dialog', { name: 'Tu privacidad' })) as HTMLDialogElement;
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    expect(dialog).toHaveAttribute('open');
  });

  it('opens as a modal (showModal: top layer, the page behind inert) where the browser supports it', async () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    Object.defineProperty(window.HTMLDialogElement.prototype, 'showModal', { value: showModal, configurable: true });
    try {
      await renderConsent();
      await screen.findByRole('dialog', { name: 'Tu privacidad' });
      expect(showModal).toHaveBeenCalledTimes(1);
    } finally {
      delete (window.HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
    }
  });
});

describe('cookie consent modal: choices', () => {
  it("'ACEPTAR' approves everything, stores it for 1 year and closes the modal", async () => {
    const store = await renderConsent();
    const before = Date.now();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'ACEPTAR' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await store.get(cookieConsentAtom)).toEqual({
      strictlyNecessary: true,
      functional: true,
      analyticsPerformance: true,
      advertisingPurposing: true,
      fullStoryVideo: true,
    });
    const entry = await store.get(cookieConsentAtom.entryAtom);
    expect(entry.expiresAt! - before).toBeGreaterThanOrEqual(YEAR_MS);
    expect(entry.expiresAt! - Date.now()).toBeLessThanOrEqual(YEAR_MS);
  });

  it("'Mostrar detalles' shows a switch per category, strictly necessary on and disabled, the rest off", async () => {
    await renderConsent();
    await showDetails(userEvent.setup());
    expect(screen.getAllByRole('switch')).toHaveLength(5);
    expect(switchOf('Estrictamente necesarias')).toBeChecked();
    expect(switchOf('Estrictamente necesarias')).toBeDisabled();
    for (const title of [
      'Funcionales',
      'Analíticas y de rendimiento',
      'Publicidad',
      'Grabación de sesiones (FullStory)',
    ]) {
      expect(switchOf(title)).not.toBeChecked();
      expect(switchOf(title)).toBeEnabled();
    }
    expect(button('Ocultar detalles')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('button', { name: 'ACEPTAR' })).not.toBeInTheDocument();
  });

  it("'Ocultar detalles' returns to the short view", async () => {
    await renderConsent();
    const user = userEvent.setup();
    await showDetails(user);
    await user.click(button('Ocultar detalles'));
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
    expect(button('ACEPTAR')).toBeInTheDocument();
    expect(button('Mostrar detalles')).toHaveFocus();
  });

  it("'SELECCIONAR TODO' turns every switch on without storing anything yet", async () => {
    const store = await renderConsent();
    const user = userEvent.setup();
    await showDetails(user);
    await user.click(button('SELECCIONAR TODO'));
    for (const item of screen.getAllByRole('switch')) expect(item).toBeChecked();
    expect(await store.get(cookieConsentAtom)).toBeNull();
    expect(modal()).toBeVisible();
  });

  it("'ACTUALIZAR CONSENTIMIENTO' stores the chosen switches plus strictlyNecessary, and closes", async () => {
    const store = await renderConsent();
    const user = userEvent.setup();
    await showDetails(user);
    await user.click(switchOf('Funcionales'));
    await user.click(switchOf('Publicidad'));
    await user.click(switchOf('Publicidad'));
    await user.click(switchOf('Analíticas y de rendimiento'));
    await user.click(button('ACTUALIZAR CONSENTIMIENTO'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await store.get(cookieConsentAtom)).toEqual({
      strictlyNecessary: true,
      functional: true,
      analyticsPerformance: true,
      advertisingPurposing: false,
      fullStoryVideo: false,
    });
  });

  it("the about-cookies link opens the policy text and 'Controles de Privacidad' returns to where it was", async () => {
    await renderConsent();
    const user = userEvent.setup();
    await showDetails(user);
    await user.click(switchOf('Publicidad'));
    await user.click(button('Acerca de las cookies'));
    const policy = screen.getByRole('dialog', { name: 'Acerca de las cookies' });
    expect(within(policy).getByText(/Guardamos tu elección durante un año/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Acerca de las cookies' })).toHaveFocus();
    expect(screen.queryAllByRole('switch')).toHaveLength(0);

    await user.click(button('Controles de Privacidad'));
    expect(switchOf('Publicidad')).toBeChecked(); // the choice in progress is kept
    expect(screen.getByRole('heading', { name: 'Tu privacidad' })).toHaveFocus();
  });

  it('the about-cookies link from the short view returns to the short view', async () => {
    await renderConsent();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Acerca de las cookies' }));
    await user.click(button('Controles de Privacidad'));
    expect(button('ACEPTAR')).toBeInTheDocument();
  });
});

describe('cookie consent modal: categories and the cookie table', () => {
  it('opens one accordion section at a time', async () => {
    await renderConsent();
    const user = userEvent.setup();
    await showDetails(user);
    const functional = button('Funcionales');
    const marketing = button('Publicidad');
    expect(functional).toHaveAttribute('aria-expanded', 'false');

    await user.click(functional);
    expect(functional).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Funcionales' })).toBeVisible();

    await user.click(marketing);
    expect(marketing).toHaveAttribute('aria-expanded', 'true');
    expect(functional).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Funcionales' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Publicidad' })).toBeVisible();

    await user.click(marketing);
    expect(screen.queryByRole('region', { name: 'Publicidad' })).not.toBeInTheDocument();
  });

  it('each section lists what the app really stores for that category, with its expiry', async () => {
    await renderConsent();
    const user = userEvent.setup();
    await showDetails(user);
    for (const category of cookieCategories) {
      await user.click(button(category.title));
      const panel = screen.getByRole('region', { name: category.title });
      const captions = within(panel)
        .queryAllByRole('table')
        .map((table) => table.querySelector('caption')?.textContent);
      expect(captions, category.id).toEqual(cookiesOfCategory(category.id).map((cookie) => cookie.name));
      if (captions.length === 0) {
        expect(within(panel).getByText('Ahora mismo no usamos ninguna cookie de esta categoría.')).toBeInTheDocument();
      }
    }
    await user.click(button('Estrictamente necesarias'));
    const session = screen.getByRole('table', { name: 'session' });
    expect(within(session).getByRole('row', { name: 'Caducidad 24 horas' })).toBeInTheDocument();
    const clientId = screen.getByRole('table', { name: 'clientUniqueId' });
    expect(within(clientId).getByRole('row', { name: 'Caducidad 5775 días' })).toBeInTheDocument();
    const consent = screen.getByRole('table', { name: 'cookieConsent' });
    expect(within(consent).getByRole('row', { name: 'Caducidad 365 días' })).toBeInTheDocument();
  });
});

describe('cookie consent modal: reopened from the settings, and what the choice changes', () => {
  it('openCookieSettings() reopens it in the detailed view with the stored choice', async () => {
    const store = await freshStore();
    const stored: Consent = {
      strictlyNecessary: true,
      functional: false,
      analyticsPerformance: false,
      advertisingPurposing: true,
      fullStoryVideo: false,
    };
    await store.set(cookieConsentAtom, stored);
    await renderConsent(store);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => openCookieSettings());
    expect(await screen.findByRole('switch', { name: 'Publicidad' })).toBeChecked();
    expect(switchOf('Funcionales')).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(switchOf('Funcionales'));
    await user.click(button('ACTUALIZAR CONSENTIMIENTO'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await store.get(cookieConsentAtom)).toEqual({ ...stored, functional: true });
  });

  it('without the functional permission, the remembered basic details are deleted, now and when written again', async () => {
    const store = await freshStore();
    await store.set(basicDetailsAtom, { firstName: 'Javier', phone: '600000004' });
    await renderConsent(store);
    const user = userEvent.setup();
    await showDetails(user);
    await user.click(button('ACTUALIZAR CONSENTIMIENTO'));
    await waitFor(async () => expect(await store.get(basicDetailsAtom)).toBeNull());

    await act(async () => store.set(basicDetailsAtom, { firstName: 'Javier', phone: '600000004' }));
    await waitFor(async () => expect(await store.get(basicDetailsAtom)).toBeNull());
  });

  it('with the functional permission, the basic details stay', async () => {
    const store = await freshStore();
    await store.set(basicDetailsAtom, { firstName: 'Javier', phone: '600000004' });
    await renderConsent(store);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'ACEPTAR' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await store.get(basicDetailsAtom)).toEqual({ firstName: 'Javier', phone: '600000004' });
  });
});
