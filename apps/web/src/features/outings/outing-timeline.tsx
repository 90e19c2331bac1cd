import { Badge, Button, Card, CloseButton, Group, Text } from '@mantine/core';
import type { LogView } from '@tightlines/core/logs';
import type { SolunarMark } from '@tightlines/core/outings';
import { useEffect, useId, useState } from 'react';
import { clockText, fishText } from '../../lib/format';
import { typeColor } from '../../lib/type-colors';
import { offsetMinutes } from '../../lib/wall-clock';
import classes from './outings.module.css';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The seeds' grouping window: logs within 10 minutes of each other share a spot on the line. */
const GROUP_MS = 10 * MINUTE_MS;
/** Major periods are two hours wide, minor periods one hour, centred on their moon event. */
const BAND_HALF_MS = { Major: HOUR_MS, Minor: HOUR_MS / 2 } as const;
const TICK_STEPS_H = [1, 2, 3, 6, 12, 24];
const MAX_TICKS = 8;

type Props = {
  start: string;
  end: string;
  lunar: readonly SolunarMark[];
  logs: readonly LogView[];
  onView: (log: LogView) => void;
};

/**
 * The outing's span as a line: shaded major and minor solunar periods, hour ticks on the place's
 * clock, and a dot per log. Selecting a dot toggles its info, one log at a time.
 */
export function OutingTimeline({ start, end, lunar, logs, onView }: Props) {
  const [shown, setShown] = useState<string | null>(null);
  const infoId = useId();
  const startMs = Date.parse(start);
  const endMs = Math.max(Date.parse(end), startMs + MINUTE_MS);
  const span = endMs - startMs;
  const at = (ms: number) => Math.min(100, Math.max(0, ((ms - startMs) / span) * 100));

  useEffect(() => {
    if (shown === null) return;
    const escape = (e: KeyboardEvent) => e.key === 'Escape' && setShown(null);
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [shown]);

  const bands = lunar
    .map((mark) => {
      const t = Date.parse(mark.time);
      const from = t - BAND_HALF_MS[mark.type];
      const to = t + BAND_HALF_MS[mark.type];
      return { ...mark, left: at(from), width: at(to) - at(from), visible: to > startMs && from < endMs };
    })
    .filter((b) => b.visible && b.width > 0);

  // Ticks fall on whole hours of the place's clock (the offset the server wrote with the start).
  const offset = offsetMinutes(start) * MINUTE_MS;
  const step = (TICK_STEPS_H.find((h) => span / (h * HOUR_MS) <= MAX_TICKS) ?? 24) * HOUR_MS;
  const ticks: { ms: number; label: string }[] = [];
  for (let t = Math.ceil((startMs + offset) / step) * step - offset; t <= endMs; t += step) {
    const hour = new Date(t + offset).getUTCHours();
    ticks.push({ ms: t, label: `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}` });
  }

  // Logs within the grouping window of the one before go on the next row, so none hides another.
  const rowsLast: number[] = [];
  const dots = [...logs]
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .map((log) => {
      const t = Date.parse(log.date);
      let row = rowsLast.findIndex((last) => t - last > GROUP_MS);
      if (row === -1) row = rowsLast.length;
      rowsLast[row] = t;
      return { log, left: at(t), row };
    });
  const rows = Math.max(1, ...dots.map((d) => d.row + 1));
  const selected = dots.find((d) => d.log._id === shown);

  return (
    <div className={classes.timeline}>
      <div className={classes.track} style={{ height: 40 + rows * 26 }} role="group" aria-label="Timeline of the outing's logs">
        {bands.map((b) => (
          <div
            key={`${b.type}-${b.time}`}
            className={b.type === 'Major' ? classes.major : classes.minor}
            style={{ left: `${b.left}%`, width: `${b.width}%` }}
            title={`${b.type} period, ${clockText(b.time)}`}
          >
            <span className={classes.bandLabel}>{b.type}</span>
          </div>
        ))}
        <div className={classes.axis} />
        {dots.map(({ log, left, row }) => (
          <button
            key={log._id}
            type="button"
            className={classes.dot}
            style={{ left: `${left}%`, top: 30 + row * 26, background: typeColor(log.type) }}
            aria-label={`${log.type} log at ${clockText(log.date)}`}
            aria-expanded={shown === log._id}
            aria-controls={shown === log._id ? infoId : undefined}
            onClick={() => setShown((current) => (current === log._id ? null : log._id))}
          />
        ))}
      </div>
      <div className={classes.ticks} aria-hidden>
        {ticks.map((t) => (
          <span key={t.ms} style={{ left: `${at(t.ms)}%` }}>
            {t.label}
          </span>
        ))}
      </div>
      {selected && (
        <Card
          withBorder
          shadow="sm"
          padding="sm"
          className={classes.popup}
          style={{ left: `${selected.left}%`, transform: `translateX(-${selected.left}%)` }}
          id={infoId}
          role="region"
          aria-label={`${selected.log.type} log at ${clockText(selected.log.date)}`}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Badge color={typeColor(selected.log.type)} autoContrast>
              {selected.log.type}
            </Badge>
            <CloseButton size="sm" aria-label="Close the log's info" onClick={() => setShown(null)} />
          </Group>
          <Text size="sm" mt={6}>
            {clockText(selected.log.date)}
          </Text>
          {selected.log.fish.species && (
            <Text size="sm" fw={600}>
              {fishText(selected.log.fish)}
            </Text>
          )}
          {selected.log.lure.category && (
            <Text size="xs" c="dimmed">
              {selected.log.lure.category}
            </Text>
          )}
          <Button size="compact-sm" variant="light" mt="xs" onClick={() => onView(selected.log)}>
            View Log
          </Button>
        </Card>
      )}
      {logs.length === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          No logs during this outing yet.
        </Text>
      )}
    </div>
  );
}
