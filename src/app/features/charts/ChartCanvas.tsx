// The chart grid as one canvas the size of the visible area, sticky inside a scroll container whose
// content has the full chart size: scrolling is native (touch, wheel, keyboard, scrollbars), and each
// scroll repaints only what is in view in the next animation frame. No DOM per row or cell, so 1000
// issues cost no more than 50. Opens scrolled to the bottom (newest issues and the summary) and stays
// there as issues arrive unless the player scrolled away.
import { useComputedColorScheme } from '@mantine/core';
import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import type { TrendChartData } from '../../../shared/charts/index.ts';
import type { ChartPattern } from './chart-pattern.ts';
import { readChartPalette, type ChartPalette } from './chart-palette.ts';
import { chartGeometry, ROW_HEIGHT, totalHeight } from './chart-geometry.ts';
import { paintChart } from './chart-painter.ts';

interface ChartCanvasProps {
  chart: TrendChartData;
  pattern: ChartPattern;
  label: string;
  compact: boolean;
}

function useStickToBottom(scrollRef: RefObject<HTMLDivElement | null>, chart: TrendChartData) {
  const stick = useRef(true);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const remember = () => {
      stick.current = element.scrollTop + element.clientHeight >= element.scrollHeight - ROW_HEIGHT * 2;
    };
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [scrollRef]);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, [scrollRef, chart]);
}

export function ChartCanvas({ chart, pattern, label, compact }: ChartCanvasProps) {
  const geometry = useMemo(() => chartGeometry(chart.layout), [chart.layout]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scheme = useComputedColorScheme('light');
  // Resolving the palette forces style work: once per colour scheme, not on every option change.
  const look = useRef<{ scheme: string; palette: ChartPalette; fontFamily: string } | null>(null);
  useStickToBottom(scrollRef, chart);

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const canvas = canvasRef.current;
    if (!scroller || !canvas) return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    if (look.current?.scheme !== scheme) {
      look.current = { scheme, palette: readChartPalette(scroller), fontFamily: getComputedStyle(scroller).fontFamily || 'sans-serif' };
    }
    const scene = { chart, geometry, pattern, palette: look.current.palette, fontFamily: look.current.fontFamily };
    let frame = 0;
    let size = { width: 0, height: 0, ratio: 0 };

    const paint = () => {
      frame = 0;
      const width = scroller.clientWidth;
      const height = scroller.clientHeight;
      if (width === 0 || height === 0) return;
      const ratio = window.devicePixelRatio || 1;
      if (width !== size.width || height !== size.height || ratio !== size.ratio) {
        size = { width, height, ratio };
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${height}px`;
      }
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      paintChart(ctx, scene, { left: scroller.scrollLeft, top: scroller.scrollTop, width, height });
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(paint);
    };
    paint();
    scroller.addEventListener('scroll', schedule, { passive: true });
    const observer = new ResizeObserver(schedule);
    observer.observe(scroller);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', schedule);
      observer.disconnect();
    };
  }, [chart, geometry, pattern, scheme]);

  return (
    <div
      ref={scrollRef}
      className="jl-chart-scroll"
      data-compact={compact || undefined}
      role="region"
      aria-label={`${label}，共 ${chart.draws.length} 期（图形）`}
      tabIndex={0}
      data-testid="chart-grid"
      data-issues={chart.draws.length}
    >
      <div className="jl-chart-content" style={{ width: geometry.totalWidth, height: totalHeight(chart.draws.length) }}>
        <canvas ref={canvasRef} className="jl-chart-canvas" aria-hidden="true" />
      </div>
    </div>
  );
}
