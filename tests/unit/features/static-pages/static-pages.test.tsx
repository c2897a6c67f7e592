import { plain } from '../../helpers/plain-text.ts';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { staticPageDescriptions, type StaticPageKey } from '../../../../src/features/static-pages/page-meta.ts';
import AboutUsPage from '../../../../src/features/static-pages/pages/AboutUsPage.tsx';
import ContactUsPage from '../../../../src/features/static-pages/pages/ContactUsPage.tsx';
import CookiePolicyPage from '../../../../src/features/static-pages/pages/CookiePolicyPage.tsx';
import FaqPage from '../../../../src/features/static-pages/pages/FaqPage.tsx';
import HowItWorksPage from '../../../../src/features/static-pages/pages/HowItWorksPage.tsx';
import MiniLoansPage from '../../../../src/features/static-pages/pages/MiniLoansPage.tsx';
import PrivacyPolicyPage from '../../../../src/features/static-pages/pages/PrivacyPolicyPage.tsx';
import QuickLoansPage from '../../../../src/features/static-pages/pages/QuickLoansPage.tsx';
import TermsPage from '../../../../src/features/static-pages/pages/TermsPage.tsx';
import { CONTACT, LENDER } from '../../../../src/lib/lender.ts';
import { CALCULATOR, ZERO_INTEREST_FIRST_LOAN_MAX_EUROS } from '../../../../src/shared/constants.ts';
import { cookieCategories, cookieDescriptors, cookiesOfCategory } from '../../../../src/shared/cookies.ts';
import {
  illustrativeDisclaimer,
  miniDisclaimer,
  representativeExample,
} from '../../../../src/shared/loan/disclaimer.ts';
import { MINI_LOAN_DEFINITION } from '../../../../src/shared/loan/loan-definition.ts';
import { formatMoney, formatPercent } from '../../../../src/shared/money.ts';
import { buildPath, matchRoute } from '../../../../src/shared/routes/paths.ts';
import { routes } from '../../../../src/shared/routes/table.ts';

/** The static pages as a reader (and a search engine) meets them: titles, outline, links and the facts they state. */

const pages: Record<StaticPageKey, ComponentType> = {
  howItWorks: HowItWorksPage,
  quickLoans: QuickLoansPage,
  miniLoans: MiniLoansPage,
  aboutUs: AboutUsPage,
  cookies: CookiePolicyPage,
  privacyPolicy: PrivacyPolicyPage,
  termsAndConditions: TermsPage,
  contactUs: ContactUsPage,
  faq: FaqPage,
};
const keys = Object.keys(pages) as StaticPageKey[];

afterEach(() => {
  cleanup();
  document.head.querySelectorAll('meta[name="description"], link[rel="canonical"]').forEach((node) => node.remove());
});

function show(key: StaticPageKey, path: string = buildPath(key)) {
  const Page = pages[key];
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

const headingLevels = (container: HTMLElement) =>
  [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName[1]));

describe.each(keys)('%s', (key) => {
  it('has one h1, the route title, and headings that never skip a level', () => {
    const { container } = show(key);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(routes[key].title);
    const levels = headingLevels(container);
    expect(levels[0]).toBe(1);
    levels
      .slice(1)
      .forEach((level, index) => expect(level - (levels[index] ?? 1), `heading ${index + 1}`).toBeLessThanOrEqual(1));
    expect(levels.filter((level) => level === 2).length).toBeGreaterThanOrEqual(2);
  });

  it('names the lender as configured (src/shared/lender.ts), never with a «[…]» placeholder', () => {
    const { container } = show(key);
    expect(container.textContent).not.toMatch(/\[[^\]]*\]/);
  });

  it('links inside the app go to routes of the table; contact links to the real e-mail and phone', () => {
    const { container } = show(key);
    for (const link of container.querySelectorAll('a[href]')) {
      const href = link.getAttribute('href') ?? '';
      if (href.startsWith('mailto:')) expect(href).toMatch(new RegExp(`^mailto:${CONTACT.email}(\\?subject=.+)?$`));
      else if (href.startsWith('tel:'))
        expect([`tel:+34${CONTACT.phone}`, `tel:+34${CONTACT.freePhone}`]).toContain(href);
      else {
        expect(href, link.textContent ?? '').toMatch(/^\//);
        expect(matchRoute(href.split(/[?#]/)[0] ?? '').key, href).not.toBe('notFound');
      }
    }
  });

  it('sets its meta description and canonical URL, and puts back what was there when it is left', () => {
    const shellDescription = document.createElement('meta');
    shellDescription.name = 'description';
    shellDescription.content = 'Descripción de la app';
    document.head.append(shellDescription);
    const { unmount } = show(key);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      staticPageDescriptions[key],
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}${buildPath(key)}`,
    );
    unmount();
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Descripción de la app');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});

describe('the product facts come from the loan definition and the constants', () => {
  const example = representativeExample();

  it.each(['howItWorks', 'quickLoans', 'termsAndConditions'] as const)(
    '%s shows the representative example computed from the loan definition, never the spec’s 102 per cent',
    (key) => {
      show(key);
      const table = screen.getByRole('table', { name: 'Ejemplo representativo' });
      expect(within(table).getByRole('row', { name: /TAE/ })).toHaveTextContent(formatPercent(example.taePercent, 1));
      expect(within(table).getByRole('row', { name: /Importe de cada cuota/ })).toHaveTextContent(
        plain(formatMoney(example.installmentCents)),
      );
      expect(within(table).getByRole('row', { name: /Importe total adeudado/ })).toHaveTextContent(
        plain(formatMoney(example.totalCents)),
      );
      expect(screen.getByText(plain(illustrativeDisclaimer()))).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/102\s?%/);
    },
  );

  it('amounts, instalments, payout time and the first-loan offer follow the spec’s constants', () => {
    expect([CALCULATOR.amountMin, CALCULATOR.amountMax, ZERO_INTEREST_FIRST_LOAN_MAX_EUROS]).toEqual([2000, 5000, 300]);
    show('howItWorks');
    const text = document.body.textContent ?? '';
    expect(text).toContain('de 2.000\u00a0€ a 5.000\u00a0€, en tramos de 500\u00a0€');
    expect(text).toContain('12, 16, 20 o 24');
    expect(text).toContain('Tu primer préstamo, hasta 300\u00a0€, es al 0 %');
    expect(text).toContain('10 minutos después de solicitarlo');
  });
});

describe('/miniprestamos describes the minipréstamo the home calculator sells', () => {
  it('states its amounts, term, daily price and the 0 % first loan with what is owed if the date is missed', () => {
    show('miniLoans');
    const text = document.body.textContent ?? '';
    expect(text).toContain('De 100\u00a0€ a 600\u00a0€, en tramos de 50\u00a0€.');
    expect(text).toContain('en un solo pago, en la fecha que elijas: un día hábil entre 6 y 31 días después');
    expect(text).toContain('Cuesta un 0,75 % del importe por cada día');
    // 300 € × 0,75 % × 20 days, worked out here: 45 € of interest, 345 € in all.
    expect(text).toContain('300,00\u00a0€ durante 20 días son 45,00\u00a0€ de intereses, 345,00\u00a0€ en total');
    expect(text).toContain('pides un minipréstamo de hasta 300\u00a0€, devuelves exactamente lo que te prestamos');
    expect(text).toContain('Si no lo devuelves ese día, pierdes la promoción');
    expect(text).toContain('para 300,00\u00a0€ a 20 días, 45,00\u00a0€: 345,00\u00a0€ en total');
    expect(text).toContain('No te cobramos ninguna comisión ni intereses por el retraso');
  });

  it('shows the minipréstamo’s representative example, not the instalment loan’s', () => {
    show('miniLoans');
    const table = screen.getByRole('table', { name: 'Ejemplo representativo' });
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(row(/Importe del minipréstamo/)).toHaveTextContent(plain(formatMoney(30000)));
    expect(row(/Plazo/)).toHaveTextContent('Plazo (un solo pago)20 días');
    expect(row(/Intereses/)).toHaveTextContent(plain(formatMoney(4500)));
    expect(row(/Importe total adeudado/)).toHaveTextContent(plain(formatMoney(34500)));
    expect(row(/TIN/)).toHaveTextContent('273,75 %');
    // Annex I for one payment 20/365 years later: (1 + X)^(20/365) = 345 / 300.
    expect(row(/TAE/)).toHaveTextContent(formatPercent(((345 / 300) ** (365 / 20) - 1) * 100, 1));
    expect(row(/TAE/)).toHaveTextContent('1.181,6 %');
    expect(screen.getByText(plain(miniDisclaimer(MINI_LOAN_DEFINITION)))).toBeInTheDocument();
    expect(screen.queryByText(plain(illustrativeDisclaimer()))).toBeNull();
    expect(within(table).queryByRole('row', { name: /cuotas/ })).toBeNull();
  });
});

describe('cookie policy', () => {
  it('lists every stored item of the shared cookie table under its category, with all its columns', () => {
    show('cookies');
    for (const descriptor of cookieDescriptors) {
      const category = cookieCategories.find((item) => item.id === descriptor.category);
      const table = screen.getByRole('table', { name: `${category?.title}: qué guardamos` });
      const name = within(table).getByText(descriptor.name, { selector: 'th[scope="row"] code' });
      const row = name.closest('tr') as HTMLElement;
      for (const value of [descriptor.provider, descriptor.expiration, descriptor.purpose, descriptor.source]) {
        expect(row).toHaveTextContent(value);
      }
    }
  });

  it('a category with nothing in use says so instead of an empty table', () => {
    show('cookies');
    const empty = cookieCategories.filter((category) => cookiesOfCategory(category.id).length === 0);
    expect(empty.length).toBeGreaterThan(0);
    for (const category of empty) {
      const section = screen.getByRole('region', { name: category.title });
      expect(section).toHaveTextContent('Ahora mismo no usamos ninguna de esta categoría.');
      expect(within(section).queryByRole('table')).toBeNull();
    }
  });
});

describe('legal content', () => {
  it('the privacy policy names the controller, the legal bases, the rights and the AEPD complaint', () => {
    show('privacyPolicy');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual([
      'Quién trata tus datos',
      'Qué datos tratamos',
      'Para qué usamos tus datos y con qué base legal',
      'Decisiones automatizadas',
      'Cuánto tiempo conservamos tus datos',
      'A quién comunicamos tus datos',
      'Tus derechos',
      'Cambios en esta política',
    ]);
    expect(screen.getByRole('table', { name: 'Finalidades del tratamiento y su base legal' })).toBeInTheDocument();
    expect(document.body.textContent).toContain('Agencia Española de Protección de Datos');
    expect(document.body.textContent).toContain('sistemas comunes de información crediticia');
  });

  it('the company is identified as the configured lender: name, CIF, registered office and registries', () => {
    for (const key of ['aboutUs', 'privacyPolicy', 'termsAndConditions'] as const) {
      show(key);
      for (const value of [LENDER.legalName, LENDER.taxId, LENDER.registeredAddress, LENDER.consumerCreditRegistry]) {
        expect(document.body.textContent, `${key}: ${value}`).toContain(value);
      }
      cleanup();
    }
  });

  it('the terms explain the 14-day withdrawal, early repayment, rollover, default and complaints', () => {
    show('termsAndConditions');
    for (const title of [
      'Reembolso anticipado',
      'Prórroga y Pago Flexible',
      'Consecuencias del impago',
      'Derecho de desistimiento',
      'Reclamaciones',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Derecho de desistimiento' })).toHaveTextContent(
      /14 días naturales.*Ley 16\/2011.*30 días naturales/,
    );
  });
});

describe('FAQ', () => {
  it('every question is a native disclosure whose answer is in the page (readable without JavaScript)', () => {
    const { container } = show('faq');
    const items = container.querySelectorAll('details');
    expect(items.length).toBeGreaterThanOrEqual(15);
    for (const item of items) {
      expect(item.querySelector('summary')?.textContent).toMatch(/^¿|\?$/);
      expect(item.querySelector('.static-faq-answer')?.textContent?.length).toBeGreaterThan(60);
    }
    for (const question of [
      '¿Qué requisitos necesito para pedir un préstamo?',
      '¿Qué documentos tengo que aportar?',
      '¿Cuánto tarda en llegar el dinero?',
      '¿Cómo devuelvo mi préstamo?',
      '¿Qué es la «Prórroga»?',
      '¿Qué es el «Pago Flexible»?',
      '¿Qué pasa si no puedo pagar una cuota?',
      '¿Cómo protegéis mis datos?',
    ]) {
      expect(screen.getByText(question).tagName).toBe('SUMMARY');
    }
  });
});
