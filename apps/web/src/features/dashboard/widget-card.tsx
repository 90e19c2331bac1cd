import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function WidgetCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function Reading({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

export function WidgetSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true">
      <Skeleton h={40} w="60%" />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h={16} />
      ))}
    </Stack>
  );
}

/** Without a position there is nothing to look up; the page-level warning says why. */
export function NeedsLocation({ what }: { what: string }) {
  return (
    <Text size="sm" c="dimmed">
      Turn on location in your browser, or search for your place above, to see the {what} where you are.
    </Text>
  );
}
