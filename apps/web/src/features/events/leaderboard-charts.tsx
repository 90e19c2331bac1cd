import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import type { BoardFish, LeaderboardRow } from '@tightlines/core/api/events';
import { FISH_SIZE_RANGES, fishSizeRange, LEADERBOARD_CHART_TOP } from '@tightlines/core/events/fish';
import { MOON_PHASE_NAMES } from '@tightlines/core/solunar/phase';
import { ArcElement, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';

Chart.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const PURPLE = '#7950f2';
const SLICES = ['#1c64bf', '#7950f2', '#2f9e44', '#f0b400', '#f76707', '#e03131', '#12b886', '#e64980'];

function tally(labels: readonly string[], values: string[]) {
  const counts = new Map(labels.map((l) => [l, 0]));
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return { labels: [...counts.keys()], data: [...counts.values()] };
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <div style={{ position: 'relative', height: 240 }}>{children}</div>
    </Card>
  );
}

const barOptions = { maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } } as const;

/** The Chart view: the top 10 entrants, then the fish by lake, by size and by the moon's phase where each was caught. */
export function LeaderboardCharts({ rows, fish }: { rows: LeaderboardRow[]; fish: BoardFish[] }) {
  const top = rows.slice(0, LEADERBOARD_CHART_TOP);
  const lakes = tally([], fish.map((f) => f.lake?.name ?? 'Unknown'));
  const sizes = tally(FISH_SIZE_RANGES, fish.map((f) => fishSizeRange(f.size)));
  const phases = tally(MOON_PHASE_NAMES, fish.map((f) => f.moonPhase));
  const usedPhases = phases.labels.map((l, i) => [l, phases.data[i] ?? 0] as const).filter(([, n]) => n > 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <ChartCard title={`Top ${LEADERBOARD_CHART_TOP} anglers`}>
        <Bar
          aria-label="Points of the top anglers"
          role="img"
          data={{ labels: top.map((r) => r.name), datasets: [{ label: 'Points', data: top.map((r) => r.points), backgroundColor: PURPLE, borderRadius: 3 }] }}
          options={{ ...barOptions, indexAxis: 'y', scales: { x: { beginAtZero: true } } }}
        />
      </ChartCard>
      {fish.length === 0 ? (
        <Card withBorder padding="sm">
          <Group h="100%" justify="center">
            <Text c="dimmed">No fish yet: the fish charts fill in as anglers enter them.</Text>
          </Group>
        </Card>
      ) : (
        <>
          <ChartCard title="Fish by lake">
            <Bar aria-label="Fish by lake" role="img" data={{ labels: lakes.labels, datasets: [{ label: 'Fish', data: lakes.data, backgroundColor: '#1c64bf', borderRadius: 3 }] }} options={barOptions} />
          </ChartCard>
          <ChartCard title="Fish by size (inches)">
            <Bar aria-label="Fish by size" role="img" data={{ labels: sizes.labels, datasets: [{ label: 'Fish', data: sizes.data, backgroundColor: '#2f9e44', borderRadius: 3 }] }} options={barOptions} />
          </ChartCard>
          <ChartCard title="Fish by lunar phase">
            <Doughnut
              aria-label="Fish by lunar phase"
              role="img"
              data={{
                labels: usedPhases.map(([l]) => l),
                datasets: [{ label: 'Fish', data: usedPhases.map(([, n]) => n), backgroundColor: usedPhases.map((_, i) => SLICES[i % SLICES.length]!) }],
              }}
              options={{ maintainAspectRatio: false, plugins: { legend: { position: 'right' } } }}
            />
          </ChartCard>
        </>
      )}
    </SimpleGrid>
  );
}
