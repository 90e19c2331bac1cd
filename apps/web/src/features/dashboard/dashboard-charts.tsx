import { SimpleGrid, Text } from '@mantine/core';
import { DEFAULT_CHART_LABEL, type ChartData } from '@tightlines/core/charts';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import type { StatsAnswer } from '@tightlines/core/api/analysis';
import { describeChart } from '../../components/charts-panel';
import { TYPE_COLORS } from '../../lib/type-colors';
import { WidgetCard } from './widget-card';

ChartJS.register(ArcElement, BarController, BarElement, CategoryScale, DoughnutController, Legend, LinearScale, Tooltip);

/** The seeds' default chart colour is a purple; the map's type colours tell log types apart. */
const PURPLE = '#7048e8';
const PALETTE = ['#7048e8', '#1c64bf', '#2f9e44', '#f08c00', '#e03131', '#0c8599', '#ae3ec9', '#5c940d', '#e8590c', '#364fc7'];

const single = (data: ChartData, colors: string | string[]) => ({
  labels: data.labels,
  datasets: data.datasets.map((d) => ({ label: d.label || DEFAULT_CHART_LABEL, data: d.data, backgroundColor: colors })),
});

function Empty() {
  return (
    <Text size="sm" c="dimmed">
      No logs to chart yet.
    </Text>
  );
}

export function DashboardCharts({ charts }: { charts: StatsAnswer['charts'] }) {
  const options = { responsive: true, maintainAspectRatio: false } as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
      <WidgetCard title="Logs by species">
        <div style={{ height: 240 }}>
          {charts.species.labels.length ? <Doughnut data={single(charts.species, PALETTE)} options={options} role="img" aria-label={describeChart('Logs by species', charts.species)} /> : <Empty />}
        </div>
      </WidgetCard>
      <WidgetCard title="Logs by type">
        <div style={{ height: 240 }}>
          {charts.type.labels.length ? (
            <Bar data={single(charts.type, charts.type.labels.map((t) => TYPE_COLORS[t] ?? PURPLE))} options={{ ...options, plugins: { legend: { display: false } } }} role="img" aria-label={describeChart('Logs by type', charts.type)} />
          ) : (
            <Empty />
          )}
        </div>
      </WidgetCard>
      <WidgetCard title="Lures">
        <div style={{ height: 240 }}>
          {charts.lures.labels.length ? (
            <Bar data={single(charts.lures, PURPLE)} options={{ ...options, indexAxis: 'y', plugins: { legend: { display: false } } }} role="img" aria-label={describeChart('Lures', charts.lures)} />
          ) : (
            <Empty />
          )}
        </div>
      </WidgetCard>
      <WidgetCard title="Fish size by log type">
        <div style={{ height: 240 }}>
          {charts.fishSize.labels.length ? (
            <Bar
              data={{
                labels: charts.fishSize.labels.map((l) => `${l}"`),
                datasets: charts.fishSize.datasets.map((d) => ({ label: d.label, data: d.data, backgroundColor: TYPE_COLORS[d.label] ?? PURPLE })),
              }}
              options={{ ...options, scales: { x: { stacked: true }, y: { stacked: true, max: charts.fishSizeLimit } } }}
              role="img"
              aria-label={describeChart('Fish size by log type, inches', charts.fishSize)}
            />
          ) : (
            <Text size="sm" c="dimmed">
              Fish of 30 inches and more show here.
            </Text>
          )}
        </div>
      </WidgetCard>
    </SimpleGrid>
  );
}
