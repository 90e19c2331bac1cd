import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * What a member without premium sees in place of a premium panel: the server's own lock text
 * (PREMIUM_LOCKS), naming what it locks, and the way to a subscription.
 */
export function PremiumLock({ text, label }: { text: string; label: string }) {
  return (
    <Paper withBorder p="lg" bg="gray.0" radius="md" role="region" aria-label={label}>
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{text}</Text>
        <Text size="sm" c="dimmed">
          Premium also brings unlimited logs, moon and sun details and ratings for every log, the Inner Circle, importing, and the
          extended and past forecasts.
        </Text>
        <Button component={Link} to="/subscription" size="sm">
          Go Premium
        </Button>
      </Stack>
    </Paper>
  );
}
