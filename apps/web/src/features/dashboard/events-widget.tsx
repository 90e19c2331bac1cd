import { Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { eventTabs, eventTarget, type EventSummary } from '@tightlines/core/events';
import { Link } from 'react-router';
import { shortDate } from '../../lib/format';
import { WidgetCard } from './widget-card';

/** Shown only to anglers who have events: the ones they entered and the ones they own. */
export function EventsWidget({ registered, owned }: { registered: EventSummary[]; owned: EventSummary[] }) {
  const tabs = eventTabs(registered, owned, new Date());
  const list = (tab: 'Registered' | 'Owned' | 'Complete', events: Array<EventSummary & { owned?: boolean }>) =>
    events.length === 0 ? (
      <Text size="sm" c="dimmed">
        No events here.
      </Text>
    ) : (
      <Stack gap={6}>
        {events.map((e) => (
          <UnstyledButton key={e.eventId} component={Link} to={eventTarget(e, tab, e.owned ?? tab === 'Owned')}>
            <Text size="sm" fw={600}>
              {e.name}
            </Text>
            <Text size="xs" c="dimmed">
              {shortDate(e.startDate)} – {shortDate(e.endDate)}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    );
  return (
    <WidgetCard title="Events">
      <Tabs defaultValue="Registered">
        <Tabs.List mb="sm">
          <Tabs.Tab value="Registered">Registered</Tabs.Tab>
          <Tabs.Tab value="Owned">Owned</Tabs.Tab>
          <Tabs.Tab value="Complete">Complete</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="Registered">{list('Registered', tabs.Registered)}</Tabs.Panel>
        <Tabs.Panel value="Owned">{list('Owned', tabs.Owned)}</Tabs.Panel>
        <Tabs.Panel value="Complete">{list('Complete', tabs.Complete)}</Tabs.Panel>
      </Tabs>
    </WidgetCard>
  );
}
