import '@mantine/dates/styles.css';
import { Button, Card, Collapse, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { OUTING_LOCATION_REQUIRED } from '@tightlines/core/outings';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogMap } from '../../components/map/log-map';
import { Page } from '../../components/page';
import { showError, showSuccess } from '../../lib/alerts';
import { coordinates } from '../../lib/format';
import { approximatePosition, currentPosition, type Point } from '../../lib/geolocation';
import { useCreateOuting, type CreateOutingBody } from './api/save-outing';
import { useSpanFields } from './span-fields';

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** /create-outing: start an outing here and now, or record one that already happened. */
export function CreateOutingPage() {
  const navigate = useNavigate();
  const [backdating, setBackdating] = useState(false);
  const [location, setLocation] = useState<Point | null>(null);
  const { fields, errors, set, valid } = useSpanFields(() => ({ startDate: today(), startTime: '', endDate: today(), endTime: '' }));
  const [locating, setLocating] = useState(false);
  // Nothing knew where the angler is: the map asks them instead.
  const [pickToStart, setPickToStart] = useState(false);
  const create = useCreateOuting();
  // Which of the two buttons is at work: both send through the one mutation.
  const busy = create.isPending ? (create.variables.startDate ? 'backdate' : 'start') : null;

  const send = (body: CreateOutingBody, message: string) =>
    create.mutate(body, {
      onSuccess: async () => {
        showSuccess(message);
        await navigate('/dashboard');
      },
      onError: (err) => showError(err.message),
    });

  const startAt = (here: Point) => send({ location: here }, 'Your outing has started. Logs you create from now on join it.');

  const start = async () => {
    if (pickToStart) {
      if (location) startAt(location);
      else showError(OUTING_LOCATION_REQUIRED);
      return;
    }
    setLocating(true);
    let here: Point;
    try {
      // The browser, else the server's fallback (the network's place, the last log, the last search).
      here = await approximatePosition();
    } catch {
      setPickToStart(true);
      showError(OUTING_LOCATION_REQUIRED);
      return;
    } finally {
      setLocating(false);
    }
    startAt(here);
  };

  const openBackdate = () => {
    setBackdating((open) => !open);
    // Where the angler is now is the likeliest place; a click on the map moves it.
    if (!location) currentPosition().then((here) => setLocation((picked) => picked ?? here), () => undefined);
  };

  const createBackdated = async () => {
    if (!location) {
      showError(OUTING_LOCATION_REQUIRED);
      return;
    }
    if (!valid()) return;
    const end = fields.endDate && fields.endTime ? { endDate: fields.endDate, endTime: fields.endTime } : {};
    send({ location, startDate: fields.startDate!, startTime: fields.startTime, ...end }, 'Your outing was created.');
  };

  return (
    <Page title="Create an Outing" size="md">
      <Stack gap="md">
        <Text c="dimmed">
          An outing gathers the logs of one trip on the water: its timeline, weather and solunar periods. Start one as you head out, or
          backdate one you already fished.
        </Text>
        <Group gap="sm">
          <Button size="md" onClick={() => void start()} loading={locating || busy === 'start'} disabled={busy === 'backdate'}>
            {pickToStart ? 'Start Fishing Outing here' : 'Start Fishing Outing'}
          </Button>
          <Button size="md" variant={backdating ? 'filled' : 'light'} onClick={openBackdate} aria-expanded={backdating} aria-controls="backdate-panel">
            Backdate an Outing
          </Button>
        </Group>

        {pickToStart && !backdating && (
          <Card withBorder padding="md" aria-label="Where you are fishing">
            <Stack gap="xs">
              <Text size="sm" role="status">
                {OUTING_LOCATION_REQUIRED}: click the map where you are fishing, then start.
              </Text>
              <LogMap label="Map: click to set the outing's location" picked={location} onPick={setLocation} controls={false} height={320} />
              <Text size="sm" c={location ? undefined : 'dimmed'} data-testid="start-location">
                {location ? coordinates(location) : 'No place picked yet'}
              </Text>
            </Stack>
          </Card>
        )}

        <Collapse expanded={backdating} id="backdate-panel">
          <Card withBorder padding="md" component="form" aria-label="Backdate an Outing" onSubmit={(e) => {
            e.preventDefault();
            void createBackdated();
          }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                Backdate an Outing
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <DateInput
                  label="Start date"
                  valueFormat="MM/DD/YYYY"
                  maxDate={today()}
                  value={fields.startDate}
                  onChange={(v) => set('startDate', v)}
                  error={errors.startDate}
                  withAsterisk
                />
                <TimeInput label="Start time (HH:mm)" value={fields.startTime} onChange={(e) => set('startTime', e.currentTarget.value)} error={errors.startTime} withAsterisk />
                <DateInput
                  label="End date"
                  valueFormat="MM/DD/YYYY"
                  maxDate={today()}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Clear the end date' }}
                  value={fields.endDate}
                  onChange={(v) => set('endDate', v)}
                  error={errors.endDate}
                />
                <TimeInput label="End time (HH:mm)" value={fields.endTime} onChange={(e) => set('endTime', e.currentTarget.value)} error={errors.endTime} />
              </SimpleGrid>
              <div>
                <Text size="sm" fw={500} mb={4}>
                  Where you fished
                </Text>
                {/* Mounted only when the panel opens, so starting an outing never downloads the map. */}
                {backdating && (
                  <LogMap
                    label="Map: click to set the outing's location"
                    picked={location}
                    onPick={setLocation}
                    center={location ?? undefined}
                    controls={false}
                    height={320}
                  />
                )}
                <Text size="sm" c={location ? undefined : 'dimmed'} mt={4} data-testid="outing-location">
                  {location ? coordinates(location) : 'Click the map where you fished.'}
                </Text>
              </div>
              <Group justify="flex-end">
                <Button type="submit" loading={busy === 'backdate'} disabled={locating || busy === 'start'}>
                  Create
                </Button>
              </Group>
            </Stack>
          </Card>
        </Collapse>
      </Stack>
    </Page>
  );
}
