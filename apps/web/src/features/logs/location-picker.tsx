import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { LogMap } from '../../components/map/log-map';
import { coordinates } from '../../lib/format';
import { currentPosition, type Point } from '../../lib/geolocation';

type Props = {
  point: Point | null;
  /** The log's type, which colours the marker. */
  type: string;
  state: string;
  error?: string | undefined;
  nearby: { name: string; applied: boolean } | null;
  /** Why the nearest lake could not be looked up (the lake service is down), if so. */
  lakeLookupDown?: string | null;
  onPick: (point: Point) => void;
  onUseLake: (name: string) => void;
};

export function LocationPicker({ point, type, state, error, nearby, lakeLookupDown = null, onPick, onUseLake }: Props) {
  const phone = useMediaQuery('(max-width: 37.5em)');
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);

  const locateMe = async () => {
    setLocating(true);
    setGeoError(null);
    try {
      // The angler asks for the spot they stand on: a fix from the drive to the lake will not do.
      onPick(await currentPosition({ highAccuracy: true }));
    } catch (e) {
      setGeoError((e as Error).message);
    } finally {
      setLocating(false);
    }
  };

  return (
    <Input.Wrapper label="Location" withAsterisk description="Click the map where you were fishing (or focus it, pan with the arrow keys and press Enter), or use your location." error={error}>
      <Stack gap="xs" mt={6}>
        <LogMap label="Map: click to set the log's location" picked={point} pickedType={type} onPick={onPick} controls={false} height={phone ? 240 : 320} />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c={point ? undefined : 'dimmed'} data-testid="picked-location">
            {point ? `${coordinates(point)}${state ? ` · ${state}` : ''}` : 'No location picked yet'}
          </Text>
          <Button variant="light" size="xs" onClick={() => void locateMe()} loading={locating}>
            Use my location
          </Button>
        </Group>
        {geoError && (
          <Text size="sm" c="red.8" role="alert">
            {geoError}
          </Text>
        )}
        {lakeLookupDown && (
          <Text size="sm" c="dimmed" role="status">
            {lakeLookupDown}
          </Text>
        )}
        {nearby && (
          <Group gap="xs">
            <Text size="sm">
              Nearest lake: <strong>{nearby.name}</strong>
            </Text>
            {!nearby.applied && (
              <Button variant="subtle" size="compact-xs" onClick={() => onUseLake(nearby.name)}>
                Use this lake
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
