import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { currentLanguage } from '../i18n';

// Only the pieces the bar charts use: Chart.js tree-shakes the rest away (docs/decisions/dependencies.md).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLORS = ['#0b5cad', '#1d6b36', '#b35c00', '#6b3fa0', '#a4161a', '#4a5563'];

export interface Series {
  label: string;
  values: number[];
}

/**
 * A bar chart for reading at a glance. The canvas is decorative for assistive technology (aria-hidden): every
 * figure is also in the table next to it, which is the accessible version. It has no words of its own (the series
 * and labels come from the page, in the person's language); its ticks and tooltips format numbers in that language
 * (Chart.js `locale`: "1 000" in Finnish, "1.000" in German).
 */
export default function BarChart({
  labels,
  series,
  stacked = false,
  horizontal = false,
}: {
  labels: string[];
  series: Series[];
  stacked?: boolean;
  horizontal?: boolean;
}) {
  const height = horizontal ? Math.max(160, labels.length * 28 + 60) : 240;
  return (
    <div className="chart" style={{ height }} aria-hidden="true">
      <Bar
        data={{
          labels,
          datasets: series.map((s, i) => ({
            label: s.label,
            data: s.values,
            backgroundColor: COLORS[i % COLORS.length],
          })),
        }}
        options={{
          indexAxis: horizontal ? 'y' : 'x',
          locale: currentLanguage(),
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          // Every chart counts tickets: whole-number ticks on the count axis (never 0.5 of a ticket).
          scales: {
            x: { stacked, beginAtZero: true, ...(horizontal ? { ticks: { precision: 0 } } : {}) },
            y: { stacked, beginAtZero: true, ...(horizontal ? {} : { ticks: { precision: 0 } }) },
          },
          plugins: { legend: { display: series.length > 1, position: 'bottom' } },
        }}
      />
    </div>
  );
}
