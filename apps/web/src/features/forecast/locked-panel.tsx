import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * What a premium panel shows to someone who may not see it: visitors are asked to sign up,
 * members without a subscription are sent to the subscription page.
 */
export function LockedPanel({ what, signedIn }: { what: string; signedIn: boolean }) {
  return (
    <Paper withBorder p="lg" bg="gray.0" radius="md">
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{signedIn ? `The ${what} is a premium feature.` : `Sign up to see the ${what}.`}</Text>
        <Text size="sm" c="dimmed">
          {signedIn
            ? 'Start a subscription to unlock it, along with unlimited logs, the Inner Circle, maps and charts.'
            : 'Premium members get the extended forecast with hourly detail and the past week of weather for any place.'}
        </Text>
        {signedIn ? (
          <Button component={Link} to="/subscription" size="sm">
            Go Premium
          </Button>
        ) : (
          <Button component={Link} to="/login-register?action=signup" size="sm">
            Sign up
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
