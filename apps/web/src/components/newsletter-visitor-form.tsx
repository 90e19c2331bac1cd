import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { subscribe } from '../lib/newsletter-api';
import { useSubmission } from '../lib/submission';

/** A visitor's newsletter sign-up: an address, confirmed by mail. Also an island of the prerendered pages. */
export function VisitorNewsletterForm({ compact }: { compact: boolean }) {
  const subscription = useSubmission(subscribe);
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    subscription.run(email.trim()).then(
      (answer) => {
        setDone(answer.message);
        setEmail('');
      },
      () => undefined,
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Newsletter sign-up">
      <Stack gap={6}>
        <Group gap="xs" align="flex-end" wrap={compact ? 'wrap' : 'nowrap'}>
          <TextInput
            label="Your email"
            type="email"
            autoComplete="email"
            size={compact ? 'xs' : 'sm'}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={subscription.error?.field('email') ?? subscription.error?.message}
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button type="submit" size={compact ? 'xs' : 'sm'} loading={subscription.pending}>
            Subscribe
          </Button>
        </Group>
        {done && (
          <Text size="sm" role="status">
            {done}
          </Text>
        )}
      </Stack>
    </form>
  );
}
