// The chart's colours for the canvas, resolved from the CSS custom properties in chart.css (which follow
// the light/dark scheme through light-dark()). Canvas styles take plain colours only, so each property is
// resolved through a probe element's computed `color`.
import type { ZoneTone } from '../../../shared/charts/index.ts';

export interface ChartPalette {
  background: string;
  headerBackground: string;
  summaryBackground: string;
  text: string;
  miss: string;
  border: string;
  zoneBorder: string;
  band: string;
  layer: string;
  result: string;
  line: string;
  hitText: string;
  badge: string;
  hit: Record<ZoneTone, string>;
}

const PROPERTIES: Record<Exclude<keyof ChartPalette, 'hit'>, string> = {
  background: '--jl-chart-bg',
  headerBackground: '--jl-chart-head-bg',
  summaryBackground: '--jl-chart-summary-bg',
  text: '--jl-chart-text',
  miss: '--jl-chart-miss',
  border: '--jl-chart-border',
  zoneBorder: '--jl-chart-zone',
  band: '--jl-chart-band',
  layer: '--jl-chart-layer',
  result: '--jl-chart-result',
  line: '--jl-chart-line',
  hitText: '--jl-chart-hit-text',
  badge: '--jl-chart-badge',
};

const HIT_PROPERTIES: Record<ZoneTone, string> = {
  position: '--jl-chart-hit-position',
  distribution: '--jl-chart-hit-distribution',
  second: '--jl-chart-hit-second',
  derived: '--jl-chart-hit-derived',
};

/** Resolves the palette in the context of `element` (the chart, where the properties are defined). */
export function readChartPalette(element: HTMLElement): ChartPalette {
  const probe = document.createElement('span');
  probe.style.display = 'none';
  element.appendChild(probe);
  const resolve = (property: string) => {
    probe.style.color = `var(${property})`;
    return getComputedStyle(probe).color || '#000';
  };
  try {
    const entries = Object.entries(PROPERTIES).map(([key, property]) => [key, resolve(property)]);
    const hit = Object.fromEntries(Object.entries(HIT_PROPERTIES).map(([tone, property]) => [tone, resolve(property)])) as Record<ZoneTone, string>;
    return { ...(Object.fromEntries(entries) as Omit<ChartPalette, 'hit'>), hit };
  } finally {
    probe.remove();
  }
}
