import { describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import {
  bootScriptSource,
  escapeHtml,
  inlineScriptHash,
  pageDocument,
  type PageDocument,
} from '../../../../scripts/prerender-document.ts';

/** The HTML document the build writes for a pre-rendered page (scripts/prerender-document.ts). */

const template = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Descripción de la app"
    />
    <title>Préstamo Rápido</title>
    <link rel="manifest" href="/manifest.webmanifest">
    <script type="module" crossorigin src="/assets/app-123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/app-123.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Préstamo Rápido necesita JavaScript para funcionar.</noscript>
  </body>
</html>`;

const page: PageDocument = {
  title: 'Préstamo Rápido | Cómo funciona',
  description: 'Pasos, requisitos y "coste" <claro>',
  canonicalUrl: 'https://prestamorapido.example/como-funciona',
  routeKey: 'howItWorks',
  body: '<link rel="preload" as="image" href="/favicon.svg"/><header>Cabecera</header><main><h1>Cómo funciona</h1></main>',
  modulePreloads: ['assets/HowItWorksPage-abc.js'],
  stylesheets: ['assets/StaticPage-def.css'],
};

const html = pageDocument(template, page);
const parsed = new DOMParser().parseFromString(html, 'text/html');

describe('a pre-rendered page document', () => {
  it('has the page inside the app root, marked for the takeover, and no "needs JavaScript" notice', () => {
    const root = parsed.getElementById('root');
    expect(root?.dataset.prerendered).toBe('howItWorks');
    expect(root?.querySelector('h1')?.textContent).toBe('Cómo funciona');
    expect(parsed.querySelector('noscript')).toBeNull();
  });

  it('has its own title, meta description and absolute canonical URL (one of each)', () => {
    expect(parsed.title).toBe(page.title);
    expect(parsed.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(parsed.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(page.description);
    expect(parsed.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(parsed.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(page.canonicalUrl);
  });

  it('loads the page chunk’s stylesheet and preloads its scripts in the head; resource hints move to the head', () => {
    expect(parsed.head.querySelector('link[rel="stylesheet"][href="/assets/StaticPage-def.css"]')).not.toBeNull();
    expect(parsed.head.querySelector('link[rel="modulepreload"][href="/assets/HowItWorksPage-abc.js"]')).not.toBeNull();
    expect(parsed.head.querySelector('link[rel="preload"][href="/favicon.svg"]')).not.toBeNull();
    expect(parsed.body.querySelector('link')).toBeNull();
    // The shell's own entry script and stylesheet stay.
    expect(parsed.head.querySelector('script[src="/assets/app-123.js"]')).not.toBeNull();
  });

  it('paints from the HTML: the CSS it uses inline, no render-blocking link or script; the app loads after the paint', () => {
    const css = new Map([
      ['assets/app-123.css', '.app{color:red}'],
      ['assets/StaticPage-def.css', '.static-page{max-width:40rem}'],
    ]);
    const doc = new DOMParser().parseFromString(
      pageDocument(template, { ...page, inlineCss: css, bootScript: 'console.log(1)' }),
      'text/html',
    );
    const style = doc.head.querySelector('style')?.textContent ?? '';
    expect(style).toContain('.app{color:red}');
    expect(style).toContain('.static-page{max-width:40rem}');
    // Only disabled stylesheet links (never fetched; they tell the app's CSS loader the CSS is there).
    const links = [...doc.head.querySelectorAll('link[rel="stylesheet"]')];
    expect(links.map((link) => link.getAttribute('href')).sort()).toEqual([
      '/assets/StaticPage-def.css',
      '/assets/app-123.css',
    ]);
    expect(links.every((link) => link.hasAttribute('disabled'))).toBe(true);
    expect(doc.querySelector('link[rel="modulepreload"]')).toBeNull();
    // One script, written inline (nothing is fetched before the first paint): the loader, with the entry, the page
    // chunks and the manifest to load after the first paint.
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.hasAttribute('src')).toBe(false);
    expect(scripts[0]?.textContent).toBe('console.log(1)');
    expect(scripts[0]?.getAttribute('data-app-modules')).toBe('/assets/app-123.js');
    expect(scripts[0]?.getAttribute('data-app-preloads')).toBe('/assets/HowItWorksPage-abc.js');
    expect(scripts[0]?.getAttribute('data-app-manifest')).toBe('/manifest.webmanifest');
    expect(doc.querySelector('link[rel="manifest"]')).toBeNull();
    expect(doc.getElementById('root')?.dataset.prerendered).toBe('howItWorks');
  });

  it('refuses to inline a stylesheet whose text it does not have', () => {
    expect(() => pageDocument(template, { ...page, inlineCss: new Map(), bootScript: 'console.log(1)' })).toThrow(
      /no CSS text/,
    );
  });

  it('refuses a loader that would end its own script element', () => {
    const css = new Map([
      ['assets/app-123.css', '.app{color:red}'],
      ['assets/StaticPage-def.css', '.static-page{max-width:40rem}'],
    ]);
    expect(() => pageDocument(template, { ...page, inlineCss: css, bootScript: 'x("</script>")' })).toThrow(/inline/);
  });

  it('gives the CSP hash source of an inline script’s exact text', () => {
    const code = 'const a=1;';
    expect(inlineScriptHash(code)).toBe(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    expect(inlineScriptHash(code)).not.toBe(inlineScriptHash(`${code} `));
  });

  it('keeps the shell description when the page has none (the home page)', () => {
    const home = new DOMParser().parseFromString(pageDocument(template, { ...page, description: null }), 'text/html');
    expect(home.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Descripción de la app');
  });

  it('escapes what goes into attributes and the title; page markup with `$` patterns is inserted as is', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const tricky = pageDocument(template, { ...page, title: 'A & B <c>', body: "<p>Precio: $& $' 5 €</p>" });
    expect(tricky).toContain('<title>A &amp; B &lt;c&gt;</title>');
    expect(tricky).toContain("<p>Precio: $& $' 5 €</p>");
  });

  it('refuses a template without the app root or a title (the build fails instead of writing a broken page)', () => {
    expect(() => pageDocument('<html><head></head><body></body></html>', page)).toThrow(/root/);
  });
});

describe('the loader of a pre-rendered page', () => {
  /** A pre-rendered page (`#root` with the build's markup) whose loader has started; the root element. */
  function startLoader(rootMarkup: string, attributes = ''): HTMLElement {
    document.body.innerHTML = `${rootMarkup}<script data-app-modules="" data-app-preloads="" ${attributes}></script>`;
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 0));
    new Function(bootScriptSource)();
    return document.getElementById('root') as HTMLElement;
  }

  it('gives a button press made before the app took over to the same button of the app, once', async () => {
    const root = startLoader(
      '<div id="root"><a href="#main">Saltar</a><header><button type="button" aria-label="Abrir menú">≡</button></header></div>',
    );
    root.querySelector('button')?.click(); // before the app: kept, not lost
    const opened = vi.fn();
    // The app renders the same markup over the build's (what createRoot's first commit does).
    root.replaceChildren(...new DOMParser().parseFromString(root.innerHTML, 'text/html').body.childNodes);
    root.querySelector('button')?.addEventListener('click', opened);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(opened).toHaveBeenCalledTimes(1);
    root.querySelector('button')?.click(); // afterwards the app's own handlers run, nothing is replayed
    expect(opened).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });

  it('finds the app’s button by its name, not its place: the app’s header has more around it than the build’s', async () => {
    const root = startLoader(
      '<div id="root"><a href="#main">Saltar</a><header><div class="header-account"></div><button type="button" aria-label="Abrir menú">≡</button></header></div>',
    );
    root.querySelector('button')?.click();
    const opened = vi.fn();
    const other = vi.fn();
    // The app's header holds an install button and the login link before the menu button.
    root.replaceChildren(
      ...new DOMParser().parseFromString(
        '<a href="#main">Saltar</a><div class="offer"></div><header><button type="button">Instalar app</button>' +
          '<div class="header-account"><a href="/login">Inicia sesión</a></div>' +
          '<button type="button" aria-label="Abrir menú">≡</button></header>',
        'text/html',
      ).body.childNodes,
    );
    root.querySelector('button[aria-label="Abrir menú"]')?.addEventListener('click', opened);
    root.querySelector('button:not([aria-label])')?.addEventListener('click', other);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('waits for the app’s button when the app’s first markup lacks it, and drops the press after 10 s', async () => {
    const root = startLoader(
      '<div id="root"><header><button type="button" aria-label="Abrir menú">≡</button></header></div>',
    );
    root.querySelector('button')?.click();
    root.replaceChildren(...new DOMParser().parseFromString('<p>Cargando…</p>', 'text/html').body.childNodes);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const opened = vi.fn();
    const header = document.createElement('header');
    header.innerHTML = '<button type="button" aria-label="Abrir menú">≡</button>';
    header.querySelector('button')?.addEventListener('click', opened);
    root.replaceChildren(header);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(opened).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('drops a kept press whose button never comes (10 s)', async () => {
    vi.useFakeTimers();
    const root = startLoader(
      '<div id="root"><header><button type="button" aria-label="Abrir menú">≡</button></header></div>',
    );
    root.querySelector('button')?.click();
    root.replaceChildren(...new DOMParser().parseFromString('<p>Cargando…</p>', 'text/html').body.childNodes);
    await vi.advanceTimersByTimeAsync(10_001);
    const opened = vi.fn();
    const header = document.createElement('header');
    header.innerHTML = '<button type="button" aria-label="Abrir menú">≡</button>';
    header.querySelector('button')?.addEventListener('click', opened);
    root.replaceChildren(header);
    await vi.advanceTimersByTimeAsync(10);
    expect(opened).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('gives the app’s button a press that began on the build’s button and ended after the takeover', async () => {
    const root = startLoader(
      '<div id="root"><a href="#main">Saltar</a><header><button type="button" aria-label="Abrir menú">≡</button></header></div>',
    );
    root.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    root.replaceChildren(...new DOMParser().parseFromString(root.innerHTML, 'text/html').body.childNodes);
    const opened = vi.fn();
    const appButton = root.querySelector('button') as HTMLButtonElement;
    appButton.addEventListener('click', opened);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(opened).not.toHaveBeenCalled(); // nothing was pressed yet
    appButton.dispatchEvent(new Event('pointerup', { bubbles: true }));
    expect(opened).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('links the web app manifest after the first paint, not before', async () => {
    document.head.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove());
    startLoader('<div id="root"><p>Página</p></div>', 'data-app-manifest="/manifest.webmanifest"');
    expect(document.head.querySelector('link[rel="manifest"]')).toBeNull(); // the page paints first
    // After the paint (a task later): waited for, not timed, so a busy machine does not fail it.
    await vi.waitFor(() =>
      expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.webmanifest'),
    );
    document.head.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove());
    vi.unstubAllGlobals();
  });
});
