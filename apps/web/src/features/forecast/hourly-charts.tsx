import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { barometerInches } from '@tightlines/core/weather';
import type { HourlyEntry } from '@tightlines/core/weather';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { hourLabel } from '../../lib/format';

ChartJS.register(CategoryScale, LinearScale, LineController, LineElement, PointElement, BarController, BarElement, Tooltip, Legend);

const COLORS = { temp: '#e8590c', humidity: '#1c64bf', wind: '#2f9e44', barometer: '#6741d9' };


const round = (value: number | null, digits = 0) => (value === null ? null : Number(value.toFixed(digits)));

const shared = {
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index', intersect: false },
  plugins: { legend: { position: 'bottom' } },
} as const;

export function HourlyCharts({ hours }: { hours: HourlyEntry[] }) {
  // Read during the first render: switching animation off while the first one runs freezes the
  // lines halfway.
  const reduceMotion = useReducedMotion(undefined, { getInitialValueInEffect: false });
  if (hours.length === 0) return <Text>There is no hourly forecast for this day.</Text>;
  // '2026-06-15T06:00:00-05:00' → '6 AM': the place's own clock, as the ISO string writes it.
  const labels = hours.map((h) => hourLabel(Number(h.date.slice(11, 13))));
  const base = { ...shared, animation: reduceMotion ? (false as const) : undefined };

  const lineOptions: ChartOptions<'line'> = { ...base, scales: { y: { title: { display: true, text: '°F · % · MPH' } } } };
  const barometerOptions: ChartOptions<'bar'> = {
    ...base,
    plugins: { legend: { display: false } },
    // Pressure moves by hundredths of an inch: bars from zero would all look the same.
    scales: { y: { beginAtZero: false, grace: '5%', title: { display: true, text: 'in' } } },
  };
  const windOptions: ChartOptions<'bar'> = {
    ...base,
    plugins: { legend: { display: false } },
    scales: { y: { beginAtZero: true, title: { display: true, text: 'MPH' } } },
  };

  return (
    <Stack gap="lg">
      <div>
        <Text fw={600} size="sm" mb={4}>
          Temperature, humidity and wind
        </Text>
        <div style={{ position: 'relative', height: 280 }}>
          <Line
            aria-label="Line chart of temperature, humidity and wind speed by hour"
            role="img"
            options={lineOptions}
            data={{
              labels,
              datasets: [
                { label: 'Temperature (°F)', data: hours.map((h) => round(h.airTemp)), borderColor: COLORS.temp, backgroundColor: COLORS.temp, cubicInterpolationMode: 'monotone' },
                { label: 'Humidity (%)', data: hours.map((h) => (h.humidity === null ? null : Math.round(h.humidity * 100))), borderColor: COLORS.humidity, backgroundColor: COLORS.humidity, cubicInterpolationMode: 'monotone' },
                { label: 'Wind (MPH)', data: hours.map((h) => round(h.windSpeed, 1)), borderColor: COLORS.wind, backgroundColor: COLORS.wind, cubicInterpolationMode: 'monotone' },
              ],
            }}
          />
        </div>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <div>
          <Text fw={600} size="sm" mb={4}>
            Barometer (in)
          </Text>
          <div style={{ position: 'relative', height: 220 }}>
            <Bar
              aria-label="Bar chart of the barometer in inches by hour"
              role="img"
              options={barometerOptions}
              data={{ labels, datasets: [{ label: 'Barometer (in)', data: hours.map((h) => barometerInches(h.barometer)), backgroundColor: COLORS.barometer }] }}
            />
          </div>
        </div>
        <div>
          <Text fw={600} size="sm" mb={4}>
            Wind (MPH)
          </Text>
          <div style={{ position: 'relative', height: 220 }}>
            <Bar
              aria-label="Bar chart of wind speed in MPH by hour"
              role="img"
              options={windOptions}
              data={{ labels, datasets: [{ label: 'Wind (MPH)', data: hours.map((h) => round(h.windSpeed, 1)), backgroundColor: COLORS.wind }] }}
            />
          </div>
        </div>
      </SimpleGrid>
    </Stack>
  );
}
