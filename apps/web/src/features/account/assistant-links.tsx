import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { shortDate } from '../../lib/format';
import { showError } from '../../lib/alerts';
import { useLinks, useRevokeLink } from './api/assistant-links';

/** My Account: the voice assistants linked to the account, each revocable at once. */
export function AssistantLinks() {
  const links = useLinks();
  const revoke = useRevokeLink();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Voice assistant
      </Title>
      {links.isPending ? (
        <Text size="sm">Loading your assistant links…</Text>
      ) : links.isError ? (
        <Alert color="red" variant="light" role="alert">
          Your assistant links could not be loaded. {links.error.message}
        </Alert>
      ) : links.data.length === 0 ? (
        <Text size="sm">
          No voice assistant is linked to your account.{' '}
          <Anchor component={Link} to="/assistant" underline="always">
            How to set one up
          </Anchor>
        </Text>
      ) : (
        <Stack gap="xs">
          {links.data.map((link) => (
            <Group key={link.id} justify="space-between" wrap="wrap">
              <Text size="sm">
                Linked {shortDate(link.createdAt)}
                {link.lastUsedAt ? `, last used ${shortDate(link.lastUsedAt)}` : ', not used yet'}
              </Text>
              <Button
                size="xs"
                variant="default"
                color="red"
                loading={revoke.isPending && revoke.variables === link.id}
                onClick={() => revoke.mutate(link.id, { onError: (err) => showError(err.message) })}
              >
                Revoke
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
