import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { barometerText, windText } from '../../lib/format';
import { useHistoric } from './api/get-historic';
import { DayRow } from './day-row';
import { LockedPanel } from './locked-panel';
import classes from './forecast.module.css';

type Props = { search: string; locked: boolean; signedIn: boolean };

export function PastWeather({ search, locked, signedIn }: Props) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="past-title">
      <Title order={2} size="h4" id="past-title">
        Past weather
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The last seven days, newest first.
      </Text>
      {locked ? <LockedPanel what="past weather" signedIn={signedIn} /> : <HistoricList search={search} />}
    </Card>
  );
}

function HistoricList({ search }: { search: string }) {
  const query = useHistoric(search);
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="yellow" variant="light">
        {query.error.message}
      </Alert>
    );
  }
  const days = [...query.data].reverse();
  return (
    <Stack gap={4}>
      {days.map((day) => (
        <div key={day.date} className={classes.dayItem}>
          <DayRow
            date={day.date}
            icon={day.icon}
            summary={day.summary}
            high={day.temperatureHigh}
            low={day.temperatureLow}
            wind={windText(day.windSpeed, day.windBearing)}
            barometer={barometerText(day.pressure)}
          />
        </div>
      ))}
    </Stack>
  );
}
