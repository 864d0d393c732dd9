import { useSyncExternalStore } from 'react';
import { subscribeTheme } from '../../../lib/theme.ts';
import { Chart } from './setup.ts';

/**
 * The charts' colours, from the theme's --chart-* tokens (styles/tokens.css): a canvas cannot use CSS variables, so
 * they are read from the page, again whenever the theme changes (docs/decisions/100-themes-and-design-tokens.md).
 */
export interface ChartColors {
  primary: string;
  primarySoft: string;
  primaryFill: string;
  accent: string;
  pink: string;
  /** Axis labels, titles and legends. */
  text: string;
  grid: string;
}

const TOKENS: Record<keyof ChartColors, string> = {
  primary: '--chart-primary',
  primarySoft: '--chart-primary-soft',
  primaryFill: '--chart-primary-fill',
  accent: '--chart-accent',
  pink: '--chart-pink',
  text: '--chart-text',
  grid: '--chart-grid',
};

/** The colours of the theme in force, read from the root element's custom properties. */
export function readChartColors(style: Pick<CSSStyleDeclaration, 'getPropertyValue'> = getComputedStyle(document.documentElement)): ChartColors {
  const colors = {} as ChartColors;
  for (const [name, token] of Object.entries(TOKENS) as [keyof ChartColors, string][]) colors[name] = style.getPropertyValue(token).trim();
  return colors;
}

let colors: ChartColors;

/** Reads the theme's colours; the text and grid lines Chart.js draws by default (ticks, titles, legends, radar labels) follow them. */
function applyTheme() {
  // A server render draws no chart (the canvas is drawn in the browser): no colours to read there.
  if (typeof document === 'undefined') {
    colors = {} as ChartColors;
    return;
  }
  colors = readChartColors();
  Chart.defaults.color = colors.text;
  Chart.defaults.borderColor = colors.grid;
}
applyTheme();
// Subscribed when the charts' code loads, before any chart: the colours are new when the charts re-render.
subscribeTheme(applyTheme);

/** The theme's chart colours; a chart using them re-renders (and Chart.js redraws it) when the theme changes. */
export function useChartColors(): ChartColors {
  return useSyncExternalStore(
    subscribeTheme,
    () => colors,
    () => colors,
  );
}
