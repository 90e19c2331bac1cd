import { Alert, Button, Checkbox, Container, Group, Modal, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import type { OwnerDashboard } from '@tightlines/core/api/event-owner';
import { eventTimeState, hasSchedule } from '@tightlines/core/events/model';
import { DASHBOARD_ENTRY_TYPES, DASHBOARD_GENDERS, DASHBOARD_ZONES, EMPTY_FILTER, matchesFilter, type DashboardFilter } from '@tightlines/core/events/owner';
import { useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { LoadingPage } from '../../../components/loading-page';
import { usePageTitle } from '../../../components/page';
import { showError, showSuccess } from '../../../lib/alerts';
import { EventMissing, LakesTab } from '../event-parts';
import { DetailsTab, InvitesTab, ScheduleWeeks } from './details-tabs';
import { EntriesTab } from './entries-tab';
import { FishTab } from './fish-tab';
import { AddEntryModal, EditOwnersModal } from './owner-modals';
import { exportEntries, useAdminCheckinAll, useDashboard } from './owner-api';

/** /event-dashboard/:id: the event's owners and co-owners only; anyone else goes to /dashboard. */
export function EventDashboardPage() {
  const { id = '' } = useParams();
  const query = useDashboard(id);
  usePageTitle(query.data?.event.name ? `${query.data.event.name}: administration` : 'Event Administration');
  if (query.isPending) return <LoadingPage />;
  if (query.isError) {
    // The server refuses every owner call to others; the page follows it.
    if (query.error.status === 403) return <Navigate to="/dashboard" replace />;
    return <EventMissing error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <Dashboard data={query.data} />;
}

function Dashboard({ data }: { data: OwnerDashboard }) {
  const { event, entries } = data;
  const [filter, setFilter] = useState<DashboardFilter>(EMPTY_FILTER);
  const [tab, setTab] = useState<string | null>('entries');
  const [modal, setModal] = useState<'entry' | 'owners' | 'checkin-all' | null>(null);
  const [exporting, setExporting] = useState(false);
  const state = eventTimeState(event, new Date(data.now));
  const shown = useMemo(() => entries.filter((e) => matchesFilter(e, filter)), [entries, filter]);
  const set = (change: Partial<DashboardFilter>) => setFilter((f) => ({ ...f, ...change }));

  const download = async () => {
    setExporting(true);
    try {
      await exportEntries(event._id);
    } catch (error) {
      showError((error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Container size="xl" py="lg">
      <Stack gap="xs" mb="md">
        <Title order={1} size="h2">
          {event.name}
        </Title>
        <Text c="dimmed" size="sm">
          Event administration · {event.type} · {entries.length} {entries.length === 1 ? 'entry' : 'entries'}
        </Text>
      </Stack>
      <Group gap="xs" mb="md" wrap="wrap">
        {state !== 'not started' && (
          <Button component={Link} to={`/event-leaderboard/${event._id}`} variant="filled">
            View Live Leaderboard
          </Button>
        )}
        <Button onClick={() => setModal('entry')}>+ Entry</Button>
        <Button variant="light" onClick={() => setModal('owners')}>
          Edit Owners
        </Button>
        <Button variant="light" onClick={() => setModal('checkin-all')}>
          Checkin All Entries
        </Button>
        <Button component={Link} to={`/event/${event._id}`} variant="subtle">
          Event page
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs" mb="md" aria-label="Filters">
        <TextInput label="Name, email or id" value={filter.search} onChange={(e) => set({ search: e.currentTarget.value })} />
        <Select label="Zone" data={DASHBOARD_ZONES.map((z) => ({ value: String(z), label: `Zone ${z}` }))} value={filter.zone || null} onChange={(v) => set({ zone: v ?? '' })} clearable />
        <Select label="Gender" data={[...DASHBOARD_GENDERS]} value={filter.gender || null} onChange={(v) => set({ gender: v ?? '' })} clearable />
        <Select label="Entry type" data={[...DASHBOARD_ENTRY_TYPES]} value={filter.entryType || null} onChange={(v) => set({ entryType: v ?? '' })} clearable />
        <Group align="end" gap="xs" wrap="nowrap">
          <Checkbox label="Junior" checked={filter.junior} onChange={(e) => set({ junior: e.currentTarget.checked })} mb={8} />
          <Button variant="default" onClick={() => setFilter(EMPTY_FILTER)}>
            Reset
          </Button>
        </Group>
      </SimpleGrid>
      <Tabs
        value={tab}
        onChange={(value) => {
          // Export is an action, not a page: it downloads and leaves the tab where it was.
          if (value === 'export') void download();
          else setTab(value);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="entries">Entries</Tabs.Tab>
          <Tabs.Tab value="fish">Fish</Tabs.Tab>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          {hasSchedule(event.type) && <Tabs.Tab value="schedule">Schedule</Tabs.Tab>}
          <Tabs.Tab value="invites">Invites</Tabs.Tab>
          <Tabs.Tab value="lakes">Lakes</Tabs.Tab>
          <Tabs.Tab value="export" disabled={exporting}>
            {exporting ? 'Exporting…' : 'Export to CSV'}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="entries">
          <EntriesTab event={event} entries={shown} total={entries.length} running={state === 'started'} />
        </Tabs.Panel>
        <Tabs.Panel value="fish">
          <FishTab eventId={event._id} entries={shown} />
        </Tabs.Panel>
        <Tabs.Panel value="details">
          <DetailsTab event={event} />
        </Tabs.Panel>
        <Tabs.Panel value="schedule">
          <ScheduleWeeks event={event} now={new Date(data.now)} />
        </Tabs.Panel>
        <Tabs.Panel value="invites">
          <InvitesTab event={event} />
        </Tabs.Panel>
        <Tabs.Panel value="lakes">
          {event.lakes.length === 0 ? <Alert color="gray">This event has no lakes yet.</Alert> : <LakesTab event={event} />}
        </Tabs.Panel>
      </Tabs>
      <AddEntryModal event={event} opened={modal === 'entry'} onClose={() => setModal(null)} />
      <EditOwnersModal event={event} opened={modal === 'owners'} onClose={() => setModal(null)} />
      <CheckinAllModal eventId={event._id} count={entries.length} opened={modal === 'checkin-all'} onClose={() => setModal(null)} />
    </Container>
  );
}

/** Checkin All Entries asks first: it checks in every entry for the day (one check-in each, by the check-in rules). */
function CheckinAllModal({ eventId, count, opened, onClose }: { eventId: string; count: number; opened: boolean; onClose: () => void }) {
  const checkinAll = useAdminCheckinAll(eventId);
  const close = () => {
    checkinAll.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Checkin All Entries" centered>
      <Stack gap="sm">
        <Text size="sm">
          Check in all {count} {count === 1 ? 'entry' : 'entries'} now? Entries already checked in stay as they are; each new check-in gets today&apos;s key and runs for the event&apos;s check-in time.
        </Text>
        {checkinAll.error && (
          <Alert color="red" role="alert">
            {checkinAll.error.message}
          </Alert>
        )}
        <Group justify="end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            loading={checkinAll.isPending}
            onClick={() =>
              checkinAll.mutate(undefined, {
                onSuccess: (answer) => {
                  close();
                  showSuccess(answer.message);
                },
              })
            }
          >
            Check in all
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
