import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { FleetReport } from '@shared/fleet/report';
import { formatMoney } from '@renderer/i18n/format';
import { useT } from '@renderer/i18n/I18nProvider';
import styles from './AllTerminals.module.css';

// Only the parts a stacked bar chart needs, so the bundle carries no more of Chart.js than that.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Distinct colours with 3:1 contrast on white, in a fixed order so a terminal keeps its colour. */
const palette = ['#0b3d91', '#b3261e', '#1c7c3a', '#8a5a00', '#6a1b9a', '#00695c', '#ad1457', '#37474f'];
const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/** Sales by hour of the day (Lagos) and terminal, stacked; the same figures as a table for screen readers. */
export function SalesByHourChart({ byHour }: { byHour: FleetReport['byHour'] }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const terminals = [...new Set(byHour.map((r) => r.terminalId))].sort();

  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: hours,
        datasets: terminals.map((terminalId, i) => ({
          label: terminalId,
          backgroundColor: palette[i % palette.length],
          data: hours.map((_, hour) => (byHour.find((r) => r.terminalId === terminalId && r.hour === hour)?.totalKobo ?? 0) / 100),
        })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, ticks: { font: { size: 14 } } },
          y: { stacked: true, ticks: { font: { size: 14 }, callback: (value) => formatMoney(Number(value) * 100) } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { font: { size: 16 }, boxWidth: 24 } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatMoney(Math.round(Number(item.raw) * 100))}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [byHour, terminals.join('|')]);

  return (
    <figure className={styles.chart}>
      <div className={styles.canvasBox}>
        <canvas ref={canvas} role="img" aria-label={t('fleet.chartLabel', { count: terminals.length })} data-testid="fleet-chart" />
      </div>
      <figcaption className="visually-hidden">
        {terminals.map((terminalId) => (
          <span key={terminalId}>
            {terminalId}:{' '}
            {byHour
              .filter((r) => r.terminalId === terminalId)
              .map((r) => `${hours[r.hour]} ${formatMoney(r.totalKobo)}`)
              .join(', ')}
            .{' '}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
