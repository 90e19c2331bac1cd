import { Avatar, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LogView } from '@tightlines/core/logs';
import { Link, useParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { dateTimeLabel, plural, reading } from '../../lib/format';
import { typeColor, typeTextColor } from '../../lib/type-colors';
import { useAnglerLogs } from './api/get-angler-logs';
import { LogMissing } from './log-missing';

/** /logs/:username: the logs of one angler that the viewer may see. */
export function UserLogsPage() {
  const { username = '' } = useParams();
  const { user, isLoading: userLoading } = useCurrentUser();
  usePageTitle(`${username}'s logs`);
  const query = useAnglerLogs(username);

  // Whose logs these are decides the heading and where View leads (one's own log page, or the
  // angler's view of it): wait for the viewer too, so neither is drawn wrong first.
  if (query.isPending || userLoading) return <LoadingPage />;
  if (query.isError) {
    const err = query.error;
    return err.status === 404 ? (
      <LogMissing title="Fishing Logs" message={`There is no angler named ${username}.`} />
    ) : (
      <LogMissing title="Fishing Logs" message={err.message} onRetry={() => void query.refetch()} />
    );
  }

  const { user: angler, docs } = query.data;
  const own = user?.username.toLowerCase() === angler.username.toLowerCase();
  return (
    <Container size="lg" py="lg">
      <Group gap="sm" mb="md">
        <Avatar src={angler.profilePicture ?? '/default-avatar.svg'} alt="" size={48} radius="xl" />
        <div>
          <Title order={1} size="h2">
            {own ? 'Your logs' : `${angler.username}'s logs`}
          </Title>
          <Text c="dimmed" size="sm">
            {plural(docs.length, 'log')}
          </Text>
        </div>
      </Group>
      {docs.length === 0 ? (
        <Card withBorder padding="lg">
          <Text>{own ? 'You have no logs yet. Create one from the header.' : `${angler.username} has no logs shared with you yet.`}</Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {docs.map((log) => (
            <LogTile key={log._id} log={log} own={own} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

function LogTile({ log, own }: { log: LogView; own: boolean }) {
  const viewPath = own ? `/log/${encodeURIComponent(log._id)}` : `/logs/${encodeURIComponent(log.username)}/${encodeURIComponent(log._id)}`;
  return (
    <Card withBorder padding="md" component="article" aria-label={`${log.type} on ${dateTimeLabel(log.date)}`}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} lineClamp={1}>
            {log.location.lake ?? 'Lake not recorded'}
          </Text>
          <Badge color={typeColor(log.type)} c={typeTextColor(log.type)} variant="filled" style={{ flex: 'none' }}>
            {log.type}
          </Badge>
        </Group>
        <Text size="sm">
          {log.fish.species ?? 'Species not recorded'}
          {log.fish.length == null ? '' : ` · ${reading(log.fish.length, ' in', 2)}`}
        </Text>
        <Text size="sm" c="dimmed">
          {dateTimeLabel(log.date)}
        </Text>
        <Group gap="xs" mt="auto" pt={6}>
          <Button component={Link} to={viewPath} size="xs" variant="light">
            View
          </Button>
          {own && (
            <Button component={Link} to={`/log/edit/${encodeURIComponent(log._id)}`} size="xs" variant="default">
              Edit
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
