import { Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { coordinates } from '../../lib/format';
import { useForecast, type Forecast } from './api/get-forecast';
import { CalendarDownload } from './calendar-download';
import { CurrentWeather } from './current-weather';
import { ExtendedForecast } from './extended-forecast';
import { LunarCalendar } from './lunar-calendar';
import { LunarDays } from './lunar-days';
import { PastWeather } from './past-weather';
import { SavedSearches } from './saved-searches';
import { SearchForm } from './search-form';

export function ForecastPage() {
  usePageTitle('Forecast');
  const [params, setParams] = useSearchParams();
  const term = params.get('q')?.trim() ?? '';
  const { user, isLoading: userLoading } = useCurrentUser();
  const viewer = user ? `${user._id}:${user.premiumMember}` : 'visitor';
  const query = useForecast(term, viewer, { enabled: term !== '' && !userLoading, member: user !== null });

  useEffect(() => {
    if (query.data) window.scrollTo(0, 0);
  }, [query.data]);

  const search = (next: string) => {
    if (next === term) void query.refetch();
    else setParams({ q: next });
  };
  const error = query.isError ? query.error.message : null;

  return (
    <Container size="lg" py="lg">
      <Title order={1} size="h2">
        Forecast
      </Title>
      <Text c="dimmed" mb="md">
        Weather, moon and sun for any place you fish: search a ZIP code, or a city and state.
      </Text>
      <Card withBorder padding="md" mb="lg">
        <SearchForm term={term} busy={query.isFetching} error={error} onSearch={search} />
        {user && <SavedSearches terms={user.forecastSearches} onSearch={search} />}
      </Card>
      {term === '' ? null : query.data ? (
        <ForecastResult result={query.data} search={term} signedIn={user !== null} />
      ) : query.isPending ? (
        <ResultSkeleton />
      ) : null}
    </Container>
  );
}

function ForecastResult({ result, search, signedIn }: { result: Forecast; search: string; signedIn: boolean }) {
  const { location } = result;
  const today = result.lunar[0]?.date;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} size="h2">
            {location.name}
          </Title>
          <Text size="sm" c="dimmed">
            {location.zip ? `ZIP ${location.zip} · ` : ''}
            {coordinates(location)} · times in {location.timeZone.replace(/_/g, ' ')}
          </Text>
        </div>
        <CalendarDownload location={location} />
      </Group>
      <CurrentWeather weather={result.weatherCurrent} error={result.weatherError} />
      <LunarDays days={result.lunar} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ExtendedForecast
          search={search}
          place={location.name}
          days={result.weatherForecast}
          locked={result.locked.extended}
          signedIn={signedIn}
          weatherError={result.weatherError}
        />
        <PastWeather search={search} locked={result.locked.historic} signedIn={signedIn} />
      </SimpleGrid>
      {today && <LunarCalendar key={`${location.lat},${location.lng}`} location={location} today={today} />}
    </Stack>
  );
}

function ResultSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the forecast">
      <Skeleton h={36} w="40%" />
      <Skeleton h={140} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={320} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton h={260} />
        <Skeleton h={260} />
      </SimpleGrid>
    </Stack>
  );
}
