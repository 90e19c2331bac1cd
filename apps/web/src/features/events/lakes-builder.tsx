import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { MapMarker } from '@tightlines/core/api/analysis';
import { eventMessages } from '@tightlines/core/events/messages';
import type { LakeOutline } from '@tightlines/core/geo';
import { useMemo, useState } from 'react';
import { LogMap } from '../../components/map/log-map';
import { coordinates } from '../../lib/format';
import type { Point } from '../../lib/geolocation';
import { lookUpPlace } from './api/lake-lookup';
import type { WizardEvent } from './wizard-form';

type Props = { event: WizardEvent; set: (changes: Partial<WizardEvent>) => void };

/** Step 3: click the map where a lake is, its name and outline are looked up, name it, add it. */
export function LakesBuilder({ event, set }: Props) {
  const lakes = useMemo(() => event.lakes ?? [], [event.lakes]);
  const [point, setPoint] = useState<Point | null>(null);
  const [name, setName] = useState('');
  const [area, setArea] = useState<LakeOutline | null>(null);
  const [acres, setAcres] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);

  const markers = useMemo<MapMarker[]>(
    () => lakes.filter((l) => l.location).map((l, i) => ({ _id: String(i), lat: l.location!.lat, lng: l.location!.lng, type: 'Catch', date: '', lake: l.name })),
    [lakes],
  );
  const areas = useMemo(() => lakes.map((l) => l.area).filter((a): a is LakeOutline => !!a), [lakes]);

  const pick = async (at: Point) => {
    setPoint(at);
    setError(null);
    setLooking(true);
    try {
      const found = await lookUpPlace(at);
      if (found.lake) setName((current) => current || found.lake!.name);
      setArea((found.lake?.outline as LakeOutline | null | undefined) ?? null);
      setAcres(found.lake?.area ?? null);
      // Picking a place fills the event's state when it has none yet.
      if (found.state && !event.state) set({ state: found.state });
    } finally {
      setLooking(false);
    }
  };

  const add = () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(eventMessages.lakeName);
    if (!point) return setError(eventMessages.lakeLocation);
    if (lakes.some((l) => l.name.trim().toLowerCase() === trimmed.toLowerCase())) return setError(eventMessages.lakeDuplicate);
    set({ lakes: [...lakes, { name: trimmed, location: point, area, areaAcres: acres }] });
    setPoint(null);
    setName('');
    setArea(null);
    setAcres(null);
    setError(null);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Click the map on a lake: its name and outline are found for you. Name it and add it; add as many lakes as the event uses.
      </Text>
      <LogMap label="Map: click a lake to add it" markers={markers} areas={areas} picked={point} onPick={(p) => void pick(p)} controls={false} height={340} viewLabel={() => ''} />
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput label="Lake name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} style={{ flex: '1 1 200px' }} />
        <Button onClick={add} loading={looking} variant="light">
          Add Lake
        </Button>
      </Group>
      <Text size="xs" c="dimmed" data-testid="lake-point">
        {point ? coordinates(point) : 'No place picked yet'}
        {area ? ' · outline found' : ''}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Stack gap={4} data-testid="lake-list">
        {lakes.map((l) => (
          <Group key={l.name} justify="space-between">
            <Text>{l.name}</Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => set({ lakes: lakes.filter((x) => x !== l) })}>
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
