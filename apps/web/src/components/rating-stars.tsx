import { Group, Text } from '@mantine/core';
import type { LogRating } from '@tightlines/core/solunar/rating';

const SHOWN = 3;

/** Filled stars for the solunar events near the log's time, and the events' names. */
export function RatingStars({ rating, withMessage = true }: { rating: LogRating; withMessage?: boolean }) {
  const empty = Math.max(0, SHOWN - rating.stars);
  const label =
    rating.stars === 0
      ? 'Rating: no stars, no solunar event within an hour'
      : `Rating: ${rating.stars} star${rating.stars === 1 ? '' : 's'}, ${rating.message}`;
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={label} title={rating.message || 'No solunar event within an hour'}>
      <Text component="span" c="yellow.6" fz="lg" lh={1} aria-hidden>
        {'★'.repeat(rating.stars)}
        <Text component="span" c="gray.4" inherit>
          {'★'.repeat(empty)}
        </Text>
      </Text>
      {withMessage && rating.message && (
        <Text component="span" size="xs" c="dimmed" aria-hidden>
          {rating.message}
        </Text>
      )}
    </Group>
  );
}
