import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { eventMessages } from '@tightlines/core/events/messages';
import {
  BAG_SIZES,
  CREATE_SIZES,
  creationFeeCents,
  EVENT_FORMATS,
  EVENT_SPECIES,
  EVENT_TYPES,
  HOURS_IN_DAY,
  KEY_TYPE_LABELS,
  KEY_TYPES,
  hasSchedule,
} from '@tightlines/core/events/model';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { Page } from '../../components/page';
import { StripeConnectPanel } from '../../components/stripe-connect';
import { showSuccess } from '../../lib/alerts';
import { useEvent } from './api/get-event';
import { useCreateEvent, useSaveDraft } from './api/save-event';
import { LakesBuilder } from './lakes-builder';
import { PaymentModal, type Payment } from './payment-modal';
import { ScheduleBuilder } from './schedule-builder';
import { US_STATES } from './us-states';
import { emptyEvent, fromView, type WizardEvent } from './wizard-form';

const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'];

/**
 * /create-event, /competition/create and /event-create: the four-step wizard. Each step's Next
 * saves a Draft (the server checks that step and everything before it) and the answer replaces
 * the form; the draft's id sits in the address, so a reload resumes it.
 */
export function CreateEventPage() {
  const [params] = useSearchParams();
  // The draft the page opened with; the wizard writes later ids into the address itself.
  const [draftId] = useState(() => params.get('draft'));
  const saved = useEvent(draftId ?? '', { enabled: draftId !== null });
  if (draftId && saved.isPending) return <LoadingPage />;
  return <Wizard initial={saved.data ? fromView(saved.data) : emptyEvent()} />;
}

function Wizard({ initial }: { initial: WizardEvent }) {
  const [event, setEvent] = useState<WizardEvent>(initial);
  const [step, setStep] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const draft = useSaveDraft();
  const create = useCreateEvent();
  const steps = hasSchedule(event.type) ? 4 : 3;
  const set = (changes: Partial<WizardEvent>) => setEvent((e) => ({ ...e, ...changes }));

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  const accept = (answer: EventView) => {
    setEvent(fromView(answer));
    setParams({ draft: answer._id }, { replace: true });
  };

  const next = async () => {
    setError(null);
    try {
      accept(await draft.mutateAsync({ ...event, step }));
      setStep((s) => Math.min(s + 1, steps));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const finish = async (payment: Payment = {}) => {
    setError(null);
    try {
      const created = await create.mutateAsync({ ...event, ...payment });
      showSuccess(eventMessages.created(created.name ?? ''));
      void navigate('/dashboard');
    } catch (e) {
      setError((e as Error).message);
      throw e;
    }
  };

  const submit = async () => {
    setError(null);
    try {
      // The last step is checked and saved before any money moves.
      accept(await draft.mutateAsync({ ...event, step: steps as 3 | 4 }));
    } catch (e) {
      return setError((e as Error).message);
    }
    if (creationFeeCents(event.size, event.cost) > 0) setPaying(true);
    else await finish().catch(() => undefined);
  };

  return (
    <Page title="Create Competition" size="lg">
      <Tabs value={String(step)} onChange={(v) => v && Number(v) < step && setStep(Number(v))} mb="md">
        <Tabs.List>
          <Tabs.Tab value="1">1. Basic Event Info</Tabs.Tab>
          <Tabs.Tab value="2">2. Dates &amp; Rules</Tabs.Tab>
          <Tabs.Tab value="3">3. Lakes/Checkin Builder</Tabs.Tab>
          {steps === 4 && <Tabs.Tab value="4">4. Schedule Builder</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      {step === 1 && <StepBasics event={event} set={set} />}
      {step === 2 && <StepRules event={event} set={set} />}
      {step === 3 && <LakesBuilder event={event} set={set} />}
      {step === 4 && <ScheduleBuilder event={event} set={set} />}
      {error && (
        <Alert color="red" role="alert" mt="md">
          {error}
        </Alert>
      )}
      <Group justify="space-between" mt="lg">
        <Button variant="default" onClick={() => setStep((s) => s - 1)} disabled={step === 1}>
          Back
        </Button>
        {step < steps ? (
          <Button onClick={() => void next()} loading={draft.isPending}>
            Next
          </Button>
        ) : (
          <Button onClick={() => void submit()} loading={draft.isPending || create.isPending} color="green">
            Create Event
          </Button>
        )}
      </Group>
      <PaymentModal opened={paying} event={event} onClose={() => setPaying(false)} onPay={finish} pending={create.isPending} />
    </Page>
  );
}

type StepProps = { event: WizardEvent; set: (changes: Partial<WizardEvent>) => void };

function StepBasics({ event, set }: StepProps) {
  const fee = creationFeeCents(event.size, event.cost) / 100;
  return (
    <Stack gap="sm">
      <TextInput label="Event Name" withAsterisk value={event.name ?? ''} onChange={(e) => set({ name: e.currentTarget.value })} maxLength={120} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select label="Event Type" withAsterisk data={[...EVENT_TYPES]} value={event.type ?? null} onChange={(v) => set({ type: v })} />
        <Select label="Format" data={[...EVENT_FORMATS]} value={event.format ?? null} onChange={(v) => set({ format: v })} />
        <Select label="Size" data={[...CREATE_SIZES]} value={event.size === null || event.size === undefined ? null : String(event.size)} onChange={(v) => set({ size: v })} />
        <NumberInput label="Entry cost ($)" min={0} max={100000} value={event.cost ?? 0} onChange={(v) => set({ cost: Number(v) || 0 })} />
        <Select label="Bag size" data={BAG_SIZES.map(String)} value={event.bagSize ? String(event.bagSize) : null} onChange={(v) => set({ bagSize: v ? Number(v) : null })} />
        <Switch label="Team event" mt={30} checked={event.subtype === 'team'} onChange={(e) => set({ subtype: e.currentTarget.checked ? 'team' : null })} />
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="creation-fee">
        Creation fee: {fee > 0 ? `$${fee}` : 'free'}
      </Text>
      {(event.cost ?? 0) > 0 && (
        <Stack gap="xs">
          <Radio.Group label="Entry fees are paid through" value={event.paymentProcessor ?? 'Stripe'} onChange={(v) => set({ paymentProcessor: v as 'Stripe' | 'PayPal' })}>
            <Group mt={4}>
              <Radio value="Stripe" label="Stripe" />
              <Radio value="PayPal" label="PayPal" />
            </Group>
          </Radio.Group>
          {event.paymentProcessor !== 'PayPal' && (
            <StripeConnectPanel value={event.paymentProcessorKey ?? ''} onUse={(accountId) => set({ paymentProcessorKey: accountId })} />
          )}
          <TextInput
            label={event.paymentProcessor === 'PayPal' ? 'PayPal e-mail' : 'Stripe publishable key or linked account'}
            value={event.paymentProcessorKey ?? ''}
            onChange={(e) => set({ paymentProcessorKey: e.currentTarget.value })}
          />
          <TextInput
            label="Secret key (optional)"
            description="Kept encrypted and never shown again."
            type="password"
            value={event.paymentProcessorSecret ?? ''}
            onChange={(e) => set({ paymentProcessorSecret: e.currentTarget.value })}
          />
        </Stack>
      )}
      <Textarea label="Description" description="Basic HTML is kept (bold, lists, links)." autosize minRows={3} value={event.description ?? ''} onChange={(e) => set({ description: e.currentTarget.value })} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Logo image link" value={event.image ?? ''} onChange={(e) => set({ image: e.currentTarget.value })} />
        <TextInput label="Rules link" value={event.rules ?? ''} onChange={(e) => set({ rules: e.currentTarget.value })} />
        <TextInput label="Registration link" value={event.registrationLink ?? ''} onChange={(e) => set({ registrationLink: e.currentTarget.value })} />
      </SimpleGrid>
      <Switch label="Public event (anyone can find it)" checked={event.public ?? true} onChange={(e) => set({ public: e.currentTarget.checked })} />
    </Stack>
  );
}

function StepRules({ event, set }: StepProps) {
  const points = new Map((event.pointRules ?? []).map((r) => [r.species, r]));
  const setRule = (species: string, changes: { startingValue?: number; startingPointValue?: number }) => {
    const rule = { species, startingValue: 0, startingPointValue: 5, ...points.get(species), ...changes };
    set({ pointRules: [...(event.pointRules ?? []).filter((r) => r.species !== species), rule] });
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Start" type="datetime-local" withAsterisk value={event.dateStart ?? ''} onChange={(e) => set({ dateStart: e.currentTarget.value })} />
        <TextInput label="End" type="datetime-local" withAsterisk value={event.dateEnd ?? ''} onChange={(e) => set({ dateEnd: e.currentTarget.value })} />
        <Select label="Time zone" data={[...new Set([...ZONES, event.tz ?? 'America/Chicago'])]} value={event.tz ?? null} onChange={(v) => set({ tz: v })} />
        <Select label="Hours per day" data={HOURS_IN_DAY.map(String)} value={event.hoursInDay ? String(event.hoursInDay) : null} onChange={(v) => set({ hoursInDay: v ? Number(v) : null })} />
        <Select label="State" withAsterisk data={US_STATES} searchable value={event.state ?? null} onChange={(v) => set({ state: v })} />
        <MultiSelect label="Species" withAsterisk data={[...EVENT_SPECIES]} value={event.species ?? []} onChange={(v) => set({ species: v })} />
        <Select
          label="Key Type"
          withAsterisk
          data={KEY_TYPES.map((k) => ({ value: k, label: KEY_TYPE_LABELS[k] }))}
          value={event.keyType ?? null}
          onChange={(v) => set({ keyType: v })}
        />
        <TagsInput label="Divisions" description="Press Enter after each." value={event.divisions ?? []} onChange={(v) => set({ divisions: v })} maxTags={20} />
      </SimpleGrid>
      {(event.species ?? []).map((s) => (
        <Group key={s} gap="sm" align="end">
          <Text w={80} fw={600}>
            {s}
          </Text>
          <NumberInput label="Minimum size (in)" min={0} max={60} value={points.get(s)?.startingValue ?? 0} onChange={(v) => setRule(s, { startingValue: Number(v) || 0 })} w={160} />
          <NumberInput label="Starting points" min={0} value={points.get(s)?.startingPointValue ?? 5} onChange={(v) => setRule(s, { startingPointValue: Number(v) || 0 })} w={160} />
        </Group>
      ))}
      <Checkbox label="Anglers may fish any water (not only the event's lakes)" checked={event.allWater ?? false} onChange={(e) => set({ allWater: e.currentTarget.checked })} />
    </Stack>
  );
}
