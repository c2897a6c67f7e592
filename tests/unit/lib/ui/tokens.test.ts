// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALERTS, LAYOUT } from '../../../../src/shared/constants.ts';
import { colorProperty, colors, contrastPairs, sizeProperties, sizes } from '../../../../src/lib/ui/tokens.ts';

const css = readFileSync(new URL('../../../../src/lib/ui/tokens.css', import.meta.url), 'utf8');

/** The value declared for a custom property in tokens.css. */
function declared(property: string): string | undefined {
  const match = new RegExp(`${property}:\\s*([^;]+);`).exec(css);
  return match?.[1]?.trim();
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('design tokens', () => {
  it('keep the brand colour exactly #0099ff and the layout numbers of the spec', () => {
    expect(colors.primary).toBe('#0099ff');
    expect(LAYOUT.breakpoints).toEqual({ sm: 700, md: 900, lg: 1280, xl: 1600 });
    expect(sizes).toMatchObject({
      headerHeight: 56,
      inputHeight: 56,
      containerMaxWidth: 1240,
      mobileMenuWidth: 400,
      mobileMenuBreakpoint: 890,
      confirmDialogMaxWidth: 400,
      toastStackWidth: ALERTS.stackWidthPx,
    });
  });

  it('declare every colour of tokens.ts in tokens.css with the same value', () => {
    for (const [token, value] of Object.entries(colors)) {
      expect(declared(colorProperty(token as keyof typeof colors)), token).toBe(value);
    }
  });

  it('declare the sizes of tokens.ts in tokens.css in pixels', () => {
    for (const [size, property] of Object.entries(sizeProperties)) {
      expect(declared(property), property).toBe(`${sizes[size as keyof typeof sizeProperties]}px`);
    }
  });

  it('the brand colour fails AA for white text, so text uses the strong variants', () => {
    expect(contrast(colors.onPrimary, colors.primary)).toBeLessThan(4.5);
    expect(contrast(colors.onPrimary, colors.primaryStrong)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(contrastPairs.map((pair) => [pair.foreground, pair.background, pair.minRatio] as const))(
    '%s on %s reaches %s:1',
    (foreground, background, minRatio) => {
      expect(contrast(colors[foreground], colors[background])).toBeGreaterThanOrEqual(minRatio);
    },
  );

  it('make touch targets at least 44 px and keep the container at 1240 px', () => {
    expect(sizes.touchTarget).toBeGreaterThanOrEqual(44);
    expect(css).toMatch(/\.container\s*{[^}]*max-width:\s*var\(--container-max-width\)/);
  });
});
