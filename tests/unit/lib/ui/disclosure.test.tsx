import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Accordion } from '../../../../src/lib/ui/Accordion.tsx';
import { Button } from '../../../../src/lib/ui/Button.tsx';
import { Tabs } from '../../../../src/lib/ui/Tabs.tsx';
import { Tooltip } from '../../../../src/lib/ui/Tooltip.tsx';

afterEach(cleanup);

const sections = [
  { id: 'necessary', title: 'Cookies necesarias', content: 'Siempre activas.' },
  { id: 'analytics', title: 'Cookies analíticas', content: 'Nos ayudan a mejorar.' },
  { id: 'marketing', title: 'Cookies de marketing', content: 'Publicidad personalizada.' },
];

const trigger = (name: string) => screen.getByRole('button', { name });

describe('Accordion', () => {
  it('keeps only one section open by default: opening another closes the open one', async () => {
    const user = userEvent.setup();
    render(<Accordion items={sections} />);
    expect(trigger('Cookies necesarias')).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger('Cookies necesarias'));
    expect(trigger('Cookies necesarias')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Siempre activas.')).toBeVisible();

    await user.click(trigger('Cookies analíticas'));
    expect(trigger('Cookies analíticas')).toHaveAttribute('aria-expanded', 'true');
    expect(trigger('Cookies necesarias')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Siempre activas.')).not.toBeVisible();
  });

  it('lets several sections stay open with allowsMultipleExpanded', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    render(<Accordion items={sections} allowsMultipleExpanded onExpandedChange={onExpandedChange} />);
    await user.click(trigger('Cookies necesarias'));
    await user.click(trigger('Cookies de marketing'));
    expect(trigger('Cookies necesarias')).toHaveAttribute('aria-expanded', 'true');
    expect(trigger('Cookies de marketing')).toHaveAttribute('aria-expanded', 'true');
    expect(onExpandedChange).toHaveBeenLastCalledWith(expect.arrayContaining(['necessary', 'marketing']));
  });

  it('puts each trigger in a heading of the requested level', () => {
    render(<Accordion items={sections} headingLevel={4} defaultExpandedKeys={['marketing']} />);
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(3);
    expect(screen.getByText('Publicidad personalizada.')).toBeVisible();
  });
});

describe('Tabs', () => {
  it('shows the selected panel and switches with the arrow keys', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(
      <Tabs
        aria-label="Tu cuenta"
        onSelectionChange={onSelectionChange}
        items={[
          { id: 'loans', label: 'Préstamos', content: 'Tus préstamos' },
          { id: 'cards', label: 'Tarjetas', content: 'Tus tarjetas' },
        ]}
      />,
    );
    expect(screen.getByRole('tablist', { name: 'Tu cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Tus préstamos');

    await user.click(screen.getByRole('tab', { name: 'Préstamos' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tarjetas' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Tus tarjetas');
    expect(onSelectionChange).toHaveBeenLastCalledWith('cards');
  });
});

describe('Tooltip', () => {
  it('opens on keyboard focus, describes its trigger and closes with Escape', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Opción no disponible por ahora">
        <Button variant="secondary">16 cuotas</Button>
      </Tooltip>,
    );
    await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Opción no disponible por ahora');
    expect(screen.getByRole('button', { name: '16 cuotas' })).toHaveAccessibleDescription(
      'Opción no disponible por ahora',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
