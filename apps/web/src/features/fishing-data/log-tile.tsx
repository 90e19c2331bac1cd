import { Badge, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { LogView } from '@tightlines/core/logs';
import { memo, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { RatingStars } from '../../components/rating-stars';
import { dateTimeLabel, fishText } from '../../lib/format';
import { logRating } from '../../lib/log-rating';
import { typeColor, typeTextColor } from '../../lib/type-colors';
import classes from './fishing-data.module.css';

type Props = {
  log: LogView;
  /** Its place in the whole list (1-based) and the list's length, for screen readers. */
  position: number;
  setSize: number;
  selected: boolean;
  /** Premium members see each log's rating. */
  rated: boolean;
  onToggle: (id: string) => void;
  onOpen: (log: LogView) => void;
};

/** Clicks on the tile's own controls do what those controls say, not open the log. */
const fromControl = (e: MouseEvent) => (e.target as HTMLElement).closest('a, button, input, label') !== null;

/** One log of the data page's list, a fixed height (the list is windowed by row). */
export const LogTile = memo(function LogTile({ log, position, setSize, selected, rated, onToggle, onOpen }: Props) {
  const date = dateTimeLabel(log.date);
  const rating = rated ? logRating(log) : null;
  const outing = log.type === 'Outing';
  const catchLine = fishText(log.fish);
  const editTo = outing ? `/edit-outing/${encodeURIComponent(log._id)}` : `/log/edit/${encodeURIComponent(log._id)}`;

  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={`${log.type} log, ${date}`}
      aria-posinset={position}
      aria-setsize={setSize}
      className={`${classes.tile} ${selected ? classes.tileSelected : ''}`}
      onClick={(e) => !fromControl(e) && onOpen(log)}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox
          mt={4}
          checked={selected}
          onChange={() => onToggle(log._id)}
          aria-label={`Select the ${log.type} log of ${date}`}
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Badge color={typeColor(log.type)} variant="filled" c={typeTextColor(log.type)}>
              {log.type}
            </Badge>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {date}
            </Text>
          </Group>
          <Text fw={600} truncate>
            {log.location.lake ?? 'Lake not recorded'}
          </Text>
          <Text size="sm" c={catchLine ? undefined : 'dimmed'} truncate>
            {outing ? 'Fishing outing' : catchLine || 'No fish recorded'}
          </Text>
          {rating && <RatingStars rating={rating} withMessage={false} />}
        </Stack>
        <Stack gap={6}>
          <Button size="compact-sm" variant="light" component={Link} to={editTo} aria-label={`Edit the ${log.type} log of ${date}`}>
            Edit
          </Button>
          <Button size="compact-sm" onClick={() => onOpen(log)} aria-label={`View the ${log.type} log of ${date}`}>
            View
          </Button>
        </Stack>
      </Group>
    </Card>
  );
});
