import { Container, Text, Title } from '@mantine/core';
import { usePageTitle } from './page';
import { messages } from '@tightlines/core/messages';

/** Said plainly for a route whose screen is not built yet: nothing on it pretends to work. */
export function NotAvailable({ title, message = messages.notAvailableYet }: { title: string; message?: string }) {
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text mt="md" c="dimmed">
        {message}
      </Text>
    </Container>
  );
}

/** A page the seeds keep as a bare placeholder: its one line of text and nothing else. */
export function Placeholder({ text }: { text: string }) {
  usePageTitle(text);
  return (
    <Container size="sm" py="xl">
      <Text>{text}</Text>
    </Container>
  );
}
