import { useEffect, useRef } from 'react';
import type { ChartConfiguration } from 'chart.js';

/** Colours with at least 3:1 contrast on white (WCAG 1.4.11), told apart by more than hue. */
export const CHART_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#334155'];

/**
 * A chart drawn by Chart.js, a maintained chart library, loaded when the first chart mounts (it
 * is in no other bundle: only the Overview imports it). The canvas is hidden from screen readers:
 * the table beside each chart carries its figures. No animation under reduced motion.
 */
export function Chart({ config, label }: { config: ChartConfiguration; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let live = true;
    void import('chart.js').then(
      ({
        Chart: ChartJs,
        BarController,
        BarElement,
        CategoryScale,
        LinearScale,
        Legend,
        Tooltip,
      }) => {
        if (!live || !canvasRef.current) return;
        ChartJs.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
        const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        chart = new ChartJs(canvasRef.current, {
          ...config,
          options: {
            responsive: true,
            maintainAspectRatio: false,
            ...(still ? { animation: false } : {}),
            ...config.options,
          },
        });
      },
    );
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [config]);
  return (
    <div className="staff-chart" data-chart={label}>
      <canvas ref={canvasRef} aria-hidden="true" />
    </div>
  );
}
