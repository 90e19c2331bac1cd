import { Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_CHART_LABEL } from '@tightlines/core/charts';
import { ArcElement, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { useMemo, useState, type ReactNode } from 'react';
import { Bar, Doughnut } from 'react-chartjs-2';
import type { ChartsAnswer } from '@tightlines/core/api/analysis';
import type { ChartData } from '@tightlines/core/charts';
import { typeColor } from '../lib/type-colors';

// Only the pieces these three charts draw with, so the chunk stays small.
Chart.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** The seeds' default chart colour. */
const PURPLE = '#7950f2';
const SLICES = ['#7950f2', '#1c64bf', '#2f9e44', '#f0b400', '#f76707', '#e03131', '#12b886', '#e64980', '#495057', '#74c0fc', '#a9e34b', '#fd7e14'];

type DoughnutKey = keyof ChartsAnswer['doughnut'];
type BarKey = keyof ChartsAnswer['bar'];
type StackedKey = keyof ChartsAnswer['stacked'];

const DOUGHNUTS: DoughnutKey[] = ['Lunar Illumination', 'Lunar Phase', 'Wind Direction'];
const BARS: BarKey[] = ['Lure Type', 'Lure Color', 'Conditions', 'Air Temp'];
const STACKS: { value: StackedKey; label: string }[] = [
  { value: 'Lake', label: 'Logs By Lake' },
  { value: 'Month', label: 'Logs By Month' },
  { value: 'Species', label: 'Logs By Species' },
  { value: 'Tag', label: 'Logs By Tag' },
];

const wholeNumbers = { precision: 0 } as const;

/** The Charts tab: a doughnut, a horizontal bar and a stacked bar, each with its own selector. */
export function ChartsPanel({ charts }: { charts: ChartsAnswer }) {
  const [doughnut, setDoughnut] = useState<DoughnutKey>('Lunar Phase');
  const [bar, setBar] = useState<BarKey>('Lure Type');
  const [stacked, setStacked] = useState<StackedKey>('Lake');

  const doughnutData = charts.doughnut[doughnut];
  const barData = charts.bar[bar];
  const stackedData = charts.stacked[stacked];
  const stackedMax = charts.stackedLimits[stacked];

  const doughnutChart = useMemo(
    () => ({
      labels: doughnutData.labels,
      datasets: doughnutData.datasets.map((s) => ({
        label: s.label || DEFAULT_CHART_LABEL,
        data: s.data,
        backgroundColor: doughnutData.labels.map((_, i) => SLICES[i % SLICES.length]!),
        borderWidth: 1,
      })),
    }),
    [doughnutData],
  );
  const barChart = useMemo(
    () => ({
      labels: barData.labels,
      datasets: barData.datasets.map((s) => ({ label: s.label || DEFAULT_CHART_LABEL, data: s.data, backgroundColor: PURPLE, borderRadius: 3 })),
    }),
    [barData],
  );
  const stackedChart = useMemo(
    () => ({
      labels: stackedData.labels,
      datasets: stackedData.datasets.map((s) => ({ label: s.label, data: s.data, backgroundColor: typeColor(s.label) })),
    }),
    [stackedData],
  );

  const doughnutOptions: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
  };
  const barOptions: ChartOptions<'bar'> = {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend: { display: false } },
    scales: { x: { beginAtZero: true, ticks: wholeNumbers } },
  };
  const stackedOptions: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
    scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, max: stackedMax, ticks: wholeNumbers } },
  };

  return (
    <Stack gap="md">
      <ChartCard
        title="Doughnut"
        select={<Select aria-label="Doughnut chart" data={DOUGHNUTS} value={doughnut} onChange={(v) => v && setDoughnut(v as DoughnutKey)} allowDeselect={false} w={200} />}
        empty={doughnutData.labels.length === 0}
        height={300}
      >
        <Doughnut data={doughnutChart} options={doughnutOptions} role="img" aria-label={describeChart(doughnut, doughnutData)} />
      </ChartCard>
      <ChartCard
        title="Horizontal bar"
        select={<Select aria-label="Horizontal bar chart" data={BARS} value={bar} onChange={(v) => v && setBar(v as BarKey)} allowDeselect={false} w={200} />}
        empty={barData.labels.length === 0}
        height={Math.max(220, barData.labels.length * 26 + 60)}
      >
        <Bar data={barChart} options={barOptions} role="img" aria-label={describeChart(bar, barData)} />
      </ChartCard>
      <ChartCard
        title="Stacked bar"
        select={<Select aria-label="Stacked bar chart" data={STACKS} value={stacked} onChange={(v) => v && setStacked(v as StackedKey)} allowDeselect={false} w={200} />}
        empty={stackedData.labels.length === 0}
        height={340}
      >
        <Bar data={stackedChart} options={stackedOptions} role="img" aria-label={describeChart(`Logs by ${stacked.toLowerCase()}`, stackedData)} />
      </ChartCard>
    </Stack>
  );
}

function ChartCard({ title, select, empty, height, children }: { title: string; select: ReactNode; empty: boolean; height: number; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {select}
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed" py="lg" ta="center">
          None of these logs has this information yet.
        </Text>
      ) : (
        <div style={{ position: 'relative', height }}>{children}</div>
      )}
    </Card>
  );
}

/** What a screen reader hears instead of the picture: the largest few values. */
/** A chart's text alternative: its name and its five largest values. */
export function describeChart(name: string, data: ChartData): string {
  const totals = data.labels.map((label, i) => ({ label, n: data.datasets.reduce((sum, s) => sum + (s.data[i] ?? 0), 0) }));
  const top = totals
    .sort((a, b) => b.n - a.n)
    .slice(0, 5)
    .map((t) => `${t.label}: ${t.n}`)
    .join(', ');
  return `${name}. ${top}`;
}
