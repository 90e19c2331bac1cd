import { Card, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ForecastDay } from '@tightlines/core/weather';
import { useState } from 'react';
import { DayRow } from './day-row';
import { barometerText, dayLabel, windText } from '../../lib/format';
import { HourlyModal } from './hourly-modal';
import { LockedPanel } from './locked-panel';
import classes from './forecast.module.css';

type Props = {
  search: string;
  place: string;
  days: ForecastDay[];
  locked: boolean;
  signedIn: boolean;
  weatherError: string | null;
};

export function ExtendedForecast({ search, place, days, locked, signedIn, weatherError }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="extended-title">
      <Title order={2} size="h4" id="extended-title">
        Extended forecast
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {locked ? 'The week ahead, day by day and hour by hour.' : 'Pick a day for its hourly forecast.'}
      </Text>
      {locked ? (
        <LockedPanel what="extended forecast" signedIn={signedIn} />
      ) : days.length === 0 ? (
        <Text size="sm">The extended forecast is unavailable right now{weatherError ? ` (${weatherError})` : ''}.</Text>
      ) : (
        <Stack gap={4}>
          {days.map((day) => (
            <UnstyledButton
              key={day.date}
              className={classes.dayButton}
              onClick={() => setOpen(day.date)}
              aria-label={`Hourly forecast for ${dayLabel(day.date, 'long')}`}
            >
              <DayRow
                date={day.date}
                icon={day.icon}
                summary={day.summary}
                high={day.airTempHigh}
                low={day.airTempLow}
                wind={windText(day.windSpeed, day.windDirection)}
                barometer={barometerText(day.barometer)}
              />
            </UnstyledButton>
          ))}
        </Stack>
      )}
      <HourlyModal search={search} place={place} date={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
