import { Alert, Button, Card, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CONTACT_MESSAGE_MAX } from '@tightlines/core/contact';
import { useState } from 'react';
import { Page } from '../../components/page';
import { useSendContact } from './api/outreach';

export function ContactPage() {
  const send = useSendContact();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: '', email: '', subject: '', message: '', website: '' } });

  const submit = form.onSubmit((values) => {
    setError(null);
    send.mutate(values, {
      onSuccess: (answer) => {
        setSent(answer.message);
        form.reset();
      },
      onError: (err) => {
        const field = err.errors && Object.keys(err.errors)[0];
        if (field && field in values) form.setFieldError(field, err.message);
        else setError(err.message);
      },
    });
  });

  return (
    <Page title="Contact us">
      <Stack gap="md">
        <Text>
          Questions about your logs, an idea for a feature, a partnership or an event you want to run on Tightlines: write
          to us. A person reads every message, and we answer within two working days.
        </Text>
        {sent && (
          <Alert color="green" variant="light" role="status" title="Message sent">
            {sent}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <form onSubmit={submit} noValidate aria-label="Contact us">
            <fieldset disabled={send.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
              <Stack gap="sm">
                <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('name')} />
                <TextInput label="Your email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
                <TextInput label="Subject" {...form.getInputProps('subject')} />
                <Textarea label="Message" required autosize minRows={5} maxLength={CONTACT_MESSAGE_MAX} {...form.getInputProps('message')} />
                {/* A trap for robots: people never see or fill it. */}
                <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
                  <label>
                    Website
                    <input type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
                  </label>
                </div>
                <div>
                  <Button type="submit" loading={send.isPending}>
                    Send message
                  </Button>
                </div>
              </Stack>
            </fieldset>
          </form>
        </Card>
      </Stack>
    </Page>
  );
}
