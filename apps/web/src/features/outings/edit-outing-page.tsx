import '@mantine/dates/styles.css';
import { Button, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import type { MapMarker } from '@tightlines/core/api/analysis';
import type { OutingView } from '@tightlines/core/outings';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { LogMap } from '../../components/map/log-map';
import { Page } from '../../components/page';
import { showError } from '../../lib/alerts';
import { useCurrentUser } from '../../lib/current-user';
import { longDate } from '../../lib/format';
import { wallDay, wallTime, zonedIso } from '../../lib/wall-clock';
import { useOuting } from './api/get-outing';
import { useDeleteOuting, useEditOuting } from './api/save-outing';
import { OutingMissing } from './outing-missing';
import { useSpanFields } from './span-fields';

/** /edit-outing/:id ('Edit Outing') */
export function EditOutingPage() {
  const { id = '' } = useParams();
  const query = useOuting(id);
  if (query.isPending) return <LoadingPage />;
  if (query.isError) return <OutingMissing error={query.error} onRetry={() => void query.refetch()} />;
  return <EditOutingForm outing={query.data} />;
}

function EditOutingForm({ outing }: { outing: OutingView }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { startDate, endDate, active, logs } = outing.outing;
  // An outing in progress has no end yet: the server reports "now", which is not a value to save.
  const { fields, errors, set, valid } = useSpanFields(() => ({
    startDate: wallDay(startDate),
    startTime: wallTime(startDate),
    endDate: active ? null : wallDay(endDate),
    endTime: active ? '' : wallTime(endDate),
  }));
  const [confirming, setConfirming] = useState(false);
  const edit = useEditOuting();
  const removal = useDeleteOuting();
  const busy = edit.isPending ? 'update' : removal.isPending ? 'delete' : null;
  const markers = useMemo<MapMarker[]>(
    () => logs.map((l) => ({ _id: l._id, lat: l.location.lat, lng: l.location.lng, type: l.type, date: l.date, lake: l.location.lake })),
    [logs],
  );
  const place = useMemo(() => ({ lat: outing.lat, lng: outing.lng }), [outing.lat, outing.lng]);

  const update = () => {
    if (!valid()) return;
    edit.mutate(
      {
        id: outing._id,
        span: {
          startDate: zonedIso(fields.startDate!, fields.startTime, outing.timeZone),
          endDate: fields.endDate && fields.endTime ? zonedIso(fields.endDate, fields.endTime, outing.timeZone) : null,
        },
      },
      {
        onSuccess: () => navigate(`/view-outing/${encodeURIComponent(outing._id)}`),
        onError: (err) => showError(err.message),
      },
    );
  };

  const remove = () =>
    removal.mutate(outing._id, {
      onSuccess: () => navigate('/dashboard'),
      onError: (err) => {
        setConfirming(false);
        showError(err.message);
      },
    });

  return (
    <Page title="Edit Outing" size="md">
      <Card
        withBorder
        padding="md"
        component="form"
        aria-label="Edit Outing"
        onSubmit={(e) => {
          e.preventDefault();
          update();
        }}
      >
        <Stack gap="sm">
          <Text c="dimmed">
            {longDate(startDate)} · times are on the clock of the outing's place ({outing.timeZone}). Logs inside the new span join
            the outing; logs outside it leave.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateInput label="Start date" valueFormat="MM/DD/YYYY" value={fields.startDate} onChange={(v) => set('startDate', v)} error={errors.startDate} withAsterisk />
            <TimeInput label="Start time (HH:mm)" value={fields.startTime} onChange={(e) => set('startTime', e.currentTarget.value)} error={errors.startTime} withAsterisk />
            <DateInput
              label="End date"
              valueFormat="MM/DD/YYYY"
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the end date' }}
              placeholder={active ? 'Still fishing' : undefined}
              value={fields.endDate}
              onChange={(v) => set('endDate', v)}
              error={errors.endDate}
            />
            <TimeInput label="End time (HH:mm)" value={fields.endTime} onChange={(e) => set('endTime', e.currentTarget.value)} error={errors.endTime} />
          </SimpleGrid>
          <LogMap
            label="Map of the outing"
            markers={markers}
            picked={place}
            overlayAllowed={user?.premiumMember ?? false}
            center={place}
            height={320}
          />
          <Group justify="space-between" mt="xs">
            <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={busy !== null}>
              Delete
            </Button>
            <Button type="submit" loading={busy === 'update'} disabled={busy === 'delete'}>
              Update
            </Button>
          </Group>
        </Stack>
      </Card>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete this outing?" centered>
        <Text>The outing is deleted. Its logs stay in your log list.</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={busy === 'delete'}>
            Cancel
          </Button>
          <Button color="red" onClick={remove} loading={busy === 'delete'}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}
