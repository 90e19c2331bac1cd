import { Alert, Card, List, Loader, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { useConfirm, useUnsubscribeByLink } from '../../lib/newsletter';
import { NewsletterForm } from '../../components/newsletter-form';

export function NewsletterPage() {
  return (
    <Page title="Newsletter">
      <Stack gap="lg">
        <LinkFromMail />
        <Text>
          The Tightlines newsletter arrives twice a month, on the 1st and the 15th. It is short, written by anglers, and
          never sold or shared.
        </Text>
        <div>
          <Title order={2} size="h4" mb="xs">
            What is in it
          </Title>
          <List spacing={4}>
            <List.Item>Seasonal patterns: what the logs of the community say works this time of year.</List.Item>
            <List.Item>Solunar highlights: the best major periods and moon phases of the next two weeks.</List.Item>
            <List.Item>New features and tips to get more out of your logs.</List.Item>
            <List.Item>Upcoming fishing events, tournaments and contests.</List.Item>
          </List>
        </div>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Subscribe
          </Title>
          <Text size="sm" mb="sm">
            We send a link to confirm your address first. Every newsletter has a link to unsubscribe in one click.
          </Text>
          <NewsletterForm />
        </Card>
      </Stack>
    </Page>
  );
}

/** /newsletter?confirm=… and /newsletter?unsubscribe=…: the links of our mails, no sign-in needed. */
function LinkFromMail() {
  const [params] = useSearchParams();
  const confirmToken = params.get('confirm');
  const unsubscribeToken = params.get('unsubscribe');
  const confirm = useConfirm();
  const unsubscribe = useUnsubscribeByLink();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    if (confirmToken) confirm.mutate(confirmToken);
    else if (unsubscribeToken) unsubscribe.mutate(unsubscribeToken);
    sent.current = true;
  }, [confirmToken, unsubscribeToken, confirm, unsubscribe]);
  const mutation = confirmToken ? confirm : unsubscribeToken ? unsubscribe : null;
  if (!mutation) return null;
  if (mutation.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {mutation.error.message}
      </Alert>
    );
  }
  if (mutation.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status">
        {mutation.data.message}
      </Alert>
    );
  }
  return (
    <Group gap="xs">
      <Loader size="sm" />
      <Text>{confirmToken ? 'Confirming your subscription…' : 'Unsubscribing…'}</Text>
    </Group>
  );
}
