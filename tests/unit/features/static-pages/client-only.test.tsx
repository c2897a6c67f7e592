import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientOnly } from '../../../../src/lib/prerender/ClientOnly.tsx';

/** The pre-render seam for parts that need JavaScript (src/lib/prerender/ClientOnly.tsx). */

afterEach(cleanup);

const tree = (
  <ClientOnly fallback={<p className="placeholder">Calculadora</p>}>
    <button type="button">Calcular</button>
  </ClientOnly>
);

describe('ClientOnly', () => {
  it('the build (server renderer) writes the fallback, not the interactive part', () => {
    const html = renderToString(tree);
    expect(html).toContain('Calculadora');
    expect(html).not.toContain('<button');
  });

  it('the app renders the interactive part from its first render', () => {
    render(tree);
    expect(screen.getByRole('button', { name: 'Calcular' })).toBeInTheDocument();
    expect(screen.queryByText('Calculadora')).toBeNull();
  });
});
