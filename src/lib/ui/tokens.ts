/**
 * Design tokens for code (media queries, sizes computed in JS). The same numbers are declared as CSS custom
 * properties in tokens.css; a unit test keeps both in step with LAYOUT and ALERTS of src/shared/constants.ts.
 */
import { ALERTS, LAYOUT } from '../../shared/constants.ts';

/**
 * Colours. `primary` (#0099ff) is the brand colour, for decoration only: white on it is 3.0:1, under WCAG AA for
 * text. Text, links, filled buttons, focus rings and selected states use `primaryStrong` or `primaryStronger`.
 */
export const colors = {
  primary: LAYOUT.primaryColor,
  primaryStrong: '#0070c0',
  primaryStronger: '#005a9e',
  primarySoft: '#e6f5ff',
  onPrimary: '#ffffff',
  text: '#1a2233',
  textMuted: '#4a5568',
  bg: '#ffffff',
  surface: '#f5f7fa',
  borderStrong: '#6b7280',
  divider: '#d0d5dd',
  disabledBg: '#eef1f5',
  disabledText: '#5b6472',
  danger: '#b42318',
  dangerSoft: '#fef3f2',
  success: '#146c2e',
  successSoft: '#ecfdf3',
  warning: '#8a5300',
  warningSoft: '#fffaeb',
  info: '#0070c0',
  infoSoft: '#e6f5ff',
  inverseBg: '#1a2233',
  inverseText: '#ffffff',
} as const;

export type ColorToken = keyof typeof colors;

/** Colour pairs the design system puts text (or a control boundary) on, with the WCAG AA ratio each must reach. */
export const contrastPairs: readonly {
  readonly foreground: ColorToken;
  readonly background: ColorToken;
  readonly minRatio: number;
}[] = [
  { foreground: 'text', background: 'bg', minRatio: 4.5 },
  { foreground: 'text', background: 'surface', minRatio: 4.5 },
  { foreground: 'textMuted', background: 'bg', minRatio: 4.5 },
  { foreground: 'textMuted', background: 'surface', minRatio: 4.5 },
  { foreground: 'primaryStrong', background: 'bg', minRatio: 4.5 },
  { foreground: 'primaryStrong', background: 'surface', minRatio: 4.5 },
  { foreground: 'primaryStrong', background: 'primarySoft', minRatio: 4.5 },
  { foreground: 'primaryStronger', background: 'primarySoft', minRatio: 4.5 },
  { foreground: 'onPrimary', background: 'primaryStrong', minRatio: 4.5 },
  { foreground: 'onPrimary', background: 'primaryStronger', minRatio: 4.5 },
  { foreground: 'text', background: 'primarySoft', minRatio: 4.5 },
  { foreground: 'disabledText', background: 'disabledBg', minRatio: 4.5 },
  { foreground: 'danger', background: 'bg', minRatio: 4.5 },
  { foreground: 'danger', background: 'dangerSoft', minRatio: 4.5 },
  { foreground: 'success', background: 'bg', minRatio: 4.5 },
  { foreground: 'success', background: 'successSoft', minRatio: 4.5 },
  { foreground: 'warning', background: 'bg', minRatio: 4.5 },
  { foreground: 'warning', background: 'warningSoft', minRatio: 4.5 },
  { foreground: 'info', background: 'infoSoft', minRatio: 4.5 },
  { foreground: 'inverseText', background: 'inverseBg', minRatio: 4.5 },
  // Non-text contrast (WCAG 1.4.11): control boundaries and focus rings need 3:1 against their background.
  { foreground: 'borderStrong', background: 'bg', minRatio: 3 },
  { foreground: 'borderStrong', background: 'surface', minRatio: 3 },
  { foreground: 'primaryStrong', background: 'bg', minRatio: 3 },
];

export const breakpoints = LAYOUT.breakpoints;

/** Media queries for `window.matchMedia`; the CSS files use the same literal numbers. */
export const media = {
  sm: `(min-width: ${LAYOUT.breakpoints.sm}px)`,
  md: `(min-width: ${LAYOUT.breakpoints.md}px)`,
  lg: `(min-width: ${LAYOUT.breakpoints.lg}px)`,
  xl: `(min-width: ${LAYOUT.breakpoints.xl}px)`,
  /** The header's mobile menu is used at this width and below. */
  mobileMenu: `(max-width: ${LAYOUT.mobileMenuBreakpoint}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

/** Sizes in CSS pixels. */
export const sizes = {
  headerHeight: LAYOUT.headerHeight,
  inputHeight: LAYOUT.inputHeight,
  containerMaxWidth: LAYOUT.containerMaxWidth,
  mobileMenuWidth: LAYOUT.mobileMenuWidth,
  mobileMenuBreakpoint: LAYOUT.mobileMenuBreakpoint,
  /** Minimum size of anything a finger must hit (WCAG 2.5.5). */
  touchTarget: 44,
  confirmDialogMaxWidth: LAYOUT.confirmDialogMaxWidth,
  agreementModalMaxWidth: LAYOUT.agreementModalMaxWidth,
  bankTransferModalMaxWidth: LAYOUT.bankTransferModalMaxWidth,
  toastStackWidth: ALERTS.stackWidthPx,
} as const;

/** The CSS custom property that carries each size of `sizes` present in tokens.css. */
export const sizeProperties = {
  headerHeight: '--header-height',
  inputHeight: '--input-height',
  containerMaxWidth: '--container-max-width',
  mobileMenuWidth: '--mobile-menu-width',
  touchTarget: '--touch-target',
  confirmDialogMaxWidth: '--confirm-dialog-max-width',
  toastStackWidth: '--toast-stack-width',
} as const satisfies Partial<Record<keyof typeof sizes, `--${string}`>>;

/** The CSS custom property of each colour token: `primaryStrong` → `--color-primary-strong`. */
export const colorProperty = (token: ColorToken): string =>
  `--color-${token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
