import { Alert, Card, Container, Loader, Group, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { LoginForm } from './login-form';
import { useCreateToken, useLinkCheck, type LinkQuery } from './api/assistant-link';

/**
 * /login-register/google-actions: the voice assistant's native login (an OAuth 2.0 implicit
 * grant). The server checks the client and the redirect address; a visitor logs in, a member
 * goes straight on, and the browser follows the redirect the server built with the token.
 */
export function AssistantLinkPage() {
  usePageTitle('Link your voice assistant');
  const [params] = useSearchParams();
  const link = useMemo<LinkQuery>(() => {
    const pick = (name: string) => params.get(name) ?? undefined;
    return { client_id: pick('client_id') ?? '', redirect_uri: pick('redirect_uri') ?? '', state: pick('state') };
  }, [params]);
  const check = useLinkCheck(link);
  const { user, isLoading } = useCurrentUser();
  const create = useCreateToken();
  const [leaving, setLeaving] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !check.data?.valid || !user) return;
    started.current = true;
    create.mutate(link, {
      onSuccess: (answer) => {
        if (!answer.redirect) return;
        setLeaving(true);
        window.location.assign(answer.redirect);
      },
    });
  }, [check.data, user, create, link]);

  if (check.isPending || isLoading) return <LoadingPage />;
  if (check.isError) {
    return (
      <Container size={460} py="xl">
        <Alert color="red" variant="light" role="alert">
          {check.error.message}
        </Alert>
      </Container>
    );
  }
  if (!check.data.valid) return <Navigate to="/" replace />;

  return (
    <Container size={460} py="xl">
      <Title order={1} size="h2" ta="center">
        Link your voice assistant
      </Title>
      <Text ta="center" mt={4} mb="md">
        Log in to let the assistant log your catches and answer about the moon and the weather. It cannot change your
        account or billing.
      </Text>
      {create.isError && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {create.error.message}
        </Alert>
      )}
      {user ? (
        <Group justify="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text>{leaving ? 'Returning to your assistant…' : 'Linking your account…'}</Text>
        </Group>
      ) : (
        <Card withBorder padding="lg">
          <LoginForm native onLoggedIn={() => undefined} />
        </Card>
      )}
    </Container>
  );
}
