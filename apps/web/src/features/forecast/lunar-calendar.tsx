import { Alert, Button, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import type { MonthlyLunarDay } from '@tightlines/core/forecast';
import { useState } from 'react';
import { clockText, dayLabel } from '../../lib/format';
import { useLunarMonth } from './api/get-lunar-month';
import type { ForecastLocation } from './api/get-forecast';
import { MoonGlyph } from './moon-glyph';
import classes from './forecast.module.css';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

type Month = { year: number; month: number };

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

function shift({ year, month }: Month, by: number): Month {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** `today` is the place's own calendar day, so the highlight follows the place, not the viewer. */
export function LunarCalendar({ location, today }: { location: ForecastLocation; today: string }) {
  const [shown, setShown] = useState<Month>({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) });
  const query = useLunarMonth({ location: `${location.lat},${location.lng}`, timeZone: location.timeZone, ...shown });
  const heading = dayLabel(`${shown.year}-${String(shown.month).padStart(2, '0')}-01`, 'month');

  return (
    <Card withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="lunar-calendar-title">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <div style={{ flex: '1 1 280px' }}>
          <Title order={2} size="h3" id="lunar-calendar-title">
            Lunar calendar
          </Title>
          <Text size="sm" c="dimmed">
            Times at {location.name}. Minor periods come with moon rise and set, major periods with the moon above and
            below.
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap" justify="space-between" w={{ base: '100%', sm: 'auto' }}>
          <Button variant="default" size="compact-lg" onClick={() => setShown((m) => shift(m, -1))} aria-label="Previous month" title="Previous month">
            ‹
          </Button>
          <Title order={3} size="h4" miw={170} ta="center" aria-live="polite">
            {heading}
          </Title>
          <Button variant="default" size="compact-lg" onClick={() => setShown((m) => shift(m, 1))} aria-label="Next month" title="Next month">
            ›
          </Button>
        </Group>
      </Group>
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {query.error.message}
        </Alert>
      ) : (
        <>
          <ol className={classes.weekdays} aria-hidden="true">
            {WEEKDAYS.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ol>
          {query.isPending ? (
            <ol className={classes.calendar} aria-busy="true" aria-label={`Loading ${heading}`}>
              {Array.from({ length: 35 }, (_, i) => (
                <li key={i}>
                  <Skeleton h={120} />
                </li>
              ))}
            </ol>
          ) : (
            <MonthGrid days={query.data} today={today} label={heading} />
          )}
        </>
      )}
    </Card>
  );
}

function MonthGrid({ days, today, label }: { days: MonthlyLunarDay[]; today: string; label: string }) {
  const first = days[0]?.dateTimeISO.slice(0, 10);
  const leading = first ? weekdayOf(first) : 0;
  return (
    <ol className={classes.calendar} aria-label={label}>
      {Array.from({ length: leading }, (_, i) => (
        <li key={`blank-${i}`} className={classes.blank} aria-hidden="true" />
      ))}
      {days.map((day) => (
        <CalendarDay key={day.dateTimeISO} day={day} isToday={day.dateTimeISO.slice(0, 10) === today} />
      ))}
    </ol>
  );
}

function CalendarDay({ day, isToday }: { day: MonthlyLunarDay; isToday: boolean }) {
  const date = day.dateTimeISO.slice(0, 10);
  const { moon, sun } = day;
  const times: Array<[string, string | null]> = [
    ['Rise', moon.riseISO],
    ['Above', moon.transitISO],
    ['Set', moon.setISO],
    ['Below', moon.underfootISO],
    ['Sunrise', sun.riseISO],
    ['Sunset', sun.setISO],
  ];
  return (
    <li className={`${classes.cell} ${isToday ? classes.today : ''}`} aria-current={isToday ? 'date' : undefined}>
      <Group justify="space-between" wrap="nowrap" gap={4} mb={4}>
        <Text fw={700} size="sm">
          {Number(date.slice(8, 10))} <span className={classes.cellWeekday}>{dayLabel(date, 'weekday')}</span>
          {isToday && (
            <Text span size="xs" c="lake.8" fw={700}>
              {' '}
              Today
            </Text>
          )}
        </Text>
        <MoonGlyph phase={moon.phase.name} illumination={moon.phase.illum} size={18} />
      </Group>
      <Text size="xs" fw={600} mb={2} lh={1.25} title={`${moon.phase.illum}% illuminated`}>
        {moon.phase.name}
      </Text>
      <dl className={classes.times}>
        {times.map(([label, iso]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{clockText(iso)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
