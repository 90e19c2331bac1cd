import { Alert, Anchor, Button, Card, Checkbox, Group, NativeSelect, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import * as owner from '@tightlines/core/api/event-owner';
import * as payments from '@tightlines/core/api/event-payments';
import type { MuskieFormView } from '@tightlines/core/api/event-payments';
import * as events from '@tightlines/core/api/events';
import {
  AIS_COMPLIANCE,
  AIS_OWNS_BOAT,
  AIS_STATUSES,
  checkMuskieRegistration,
  MUSKIE_ADDON_PRICES,
  MUSKIE_GENDERS,
  MUSKIE_MAX_FAMILY_MEMBERS,
  MUSKIE_MAX_QUANTITY,
  MUSKIE_PARKING_ZONES,
  MUSKIE_SHIRT2_SIZE,
  MUSKIE_SHIRT_SIZES,
  muskieEntryType,
  muskieMessages as mm,
  muskieRegistration,
  muskieTotalCents,
  offersRaffle,
  parkingOptions,
  pickupOptions,
  raffleDueAtPickup,
  type MuskieAddons,
  type MuskieRegistration,
} from '@tightlines/core/events/muskie';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { CardEntry, type CardEntryHandle } from '../../../components/card-entry';
import { LoadingPage } from '../../../components/loading-page';
import { usePageTitle } from '../../../components/page';
import { showSuccess } from '../../../lib/alerts';
import { ApiError, call } from '../../../lib/api';
import { currentUserQueryOptions, useCurrentUser } from '../../../lib/current-user';
import { session } from '../../../lib/session';
import { useMuskieForm, useTaken } from './muskie-api';

type Member = { name: string; email: string; gender: string; junior: boolean; junior13: boolean; senior: boolean };
type AddOn = 'shirt' | 'shirt2' | 'hat' | 'bumpboard' | 'raffle';

const EMPTY = {
  id: '',
  type: '',
  seniorBonus: false,
  email: '',
  username: '',
  password: '',
  name: '',
  phone: '',
  gender: '',
  child: false,
  adultSignature: '',
  address: '',
  address2: '',
  address3: '',
  address4: '',
  zone: '',
  parking: '',
  parkingOther: '',
  pickupLocation: '',
  ownershipStatus: '',
  boatOwnedBy: '',
  boatCompliance: '',
  addons: { shirt: 0, shirt2: 0, hat: 0, bumpboard: 0, raffle: 0 } as Record<AddOn, number>,
  raffleAdult: false,
  /** One size per $20 shirt (2XL shirts are their own add-on). */
  shirtSizes: [] as string[],
  terms: false,
  rules: false,
  group: [] as Member[],
};
type FormState = typeof EMPTY;

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

function addonsOf(f: FormState, raffle: boolean): MuskieAddons {
  return {
    ...f.addons,
    raffle: raffle ? f.addons.raffle : 0,
    raffleAdult: f.raffleAdult,
    shirtSizes: [...f.shirtSizes.slice(0, f.addons.shirt), ...Array<string>(f.addons.shirt2).fill(MUSKIE_SHIRT2_SIZE)],
  };
}

/** The seed's registration payload from what is on the form, or the first field too long for it. */
function payloadOf(f: FormState, account: boolean, admin: boolean): { payload: MuskieRegistration } | { problem: string } {
  const entry = muskieEntryType(f.type);
  const owns = f.ownershipStatus === AIS_OWNS_BOAT;
  const parsed = muskieRegistration.safeParse({
    ...(admin && f.id.trim() ? { id: f.id.trim() } : {}),
    type: f.type === '' ? null : Number(f.type),
    typeFriendly: entry?.label,
    zone: f.zone === '' ? null : Number(f.zone),
    ais: f.ownershipStatus,
    seniorBonus: f.seniorBonus,
    agreements: { terms: f.terms, rules: f.rules },
    user: {
      email: f.email,
      ...(account ? { username: f.username, password: f.password } : {}),
      name: f.name,
      phone: f.phone,
      adultSignature: entry?.junior ? f.adultSignature : undefined,
      pickupLocation: f.pickupLocation,
      gender: f.gender,
      boat: { ownershipStatus: f.ownershipStatus, boatOwnedBy: owns ? '' : f.boatOwnedBy, boatCompliance: owns ? f.boatCompliance : '' },
      parking: f.parking,
      parkingOther: f.parkingOther,
      group: entry?.family ? f.group : [],
      child: entry?.junior && account ? f.child : undefined,
      hasAccount: !account,
      addons: addonsOf(f, !entry || offersRaffle(entry.code)),
      address: f.address,
      address2: f.address2,
      address3: f.address3,
      address4: f.address4,
    },
  });
  if (parsed.success) return { payload: parsed.data };
  const issue = parsed.error.issues[0];
  return { problem: `${issue?.path.at(-1) === undefined ? '' : `${fieldNames[String(issue.path.at(-1))] ?? String(issue.path.at(-1))}: `}${issue?.message ?? 'Please check your entry.'}` };
}

/** What the person sees as each field's label, for the rare message about a field's length. */
const fieldNames: Record<string, string> = {
  id: 'Tournament ID',
  email: 'Email',
  username: 'Username',
  password: 'Password',
  name: 'Name',
  phone: 'Phone number',
  address: 'Street',
  address2: 'City',
  address3: 'State',
  address4: 'ZIP',
  adultSignature: 'Parent or guardian signature',
  parkingOther: 'Other parking arrangements',
  boatOwnedBy: 'Boat owner',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const heading = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={heading}>
      <Title order={2} size="h4" mb="sm" id={heading}>
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

const quantities = Array.from({ length: MUSKIE_MAX_QUANTITY }, (_, i) => String(i + 1));

/**
 * The muskie tournament's registration form (/fs-tournament/{eventId}; the latest tournament with a
 * form when none is named): seed 002's sections in its order, the account made on the way for a
 * visitor, the online total paid by card, then the seed's success and home. An owner's admin mode
 * (?admin=1) takes no payment, may set the tournament ID, and posts to register/manual.
 */
export function MuskieFormPage() {
  const { eventId } = useParams();
  const [query] = useSearchParams();
  const form = useMuskieForm(eventId);
  const { user, isLoading } = useCurrentUser();
  usePageTitle('Tournament Registration');
  if (form.isPending || isLoading) return <LoadingPage />;
  if (form.isError)
    return (
      <Stack p="lg" maw={640} mx="auto">
        <Title order={1} size="h2">
          Tournament Registration
        </Title>
        <Alert color="red" role="alert">
          {form.error.message}
        </Alert>
      </Stack>
    );
  const admin = query.get('admin') === '1' && form.data.viewer.owner;
  return <MuskieForm view={form.data} admin={admin} signedInEmail={user?.email ?? null} key={admin ? 'admin' : 'public'} />;
}

function MuskieForm({ view, admin, signedInEmail }: { view: MuskieFormView; admin: boolean; signedInEmail: string | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const signedIn = signedInEmail !== null;
  /** A visitor's entry makes their account; a member's and the owner's admin entry do not. */
  const account = !admin && !signedIn;
  const [f, setForm] = useState<FormState>(() => ({ ...EMPTY, email: admin ? '' : (signedInEmail ?? '') }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const card = useRef<CardEntryHandle>(null);
  /** The PayPal order made for this entry's total, waiting for the buyer's approval in PayPal's window. */
  const [order, setOrder] = useState<{ id: string; url: string; cents: number } | null>(null);
  const submission = useRef<string>(crypto.randomUUID());
  const emailTaken = useTaken('email', f.email, account);
  const usernameTaken = useTaken('username', f.username, account);

  const set = (changes: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...changes }));
    setError(null);
  };
  const text = (name: 'id' | 'email' | 'username' | 'password' | 'name' | 'phone' | 'address' | 'address2' | 'address3' | 'address4' | 'adultSignature' | 'boatOwnedBy' | 'parkingOther') => ({
    value: f[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [name]: e.currentTarget.value }),
  });

  const entry = muskieEntryType(f.type);
  const zone = f.zone === '' ? null : Number(f.zone);
  const pickups = entry ? pickupOptions(view.settings, entry.code) : [];
  const parking = zone !== null ? parkingOptions(view.settings, zone) : [];
  const spotsLeft = (name: string) => view.parking.find((p) => p.name === name)?.left ?? 0;
  const raffle = entry ? offersRaffle(entry.code) : true;
  const addons = addonsOf(f, raffle);
  const totalCents = muskieTotalCents(f.type, addons) ?? 0;
  const raffleDue = raffleDueAtPickup(addons);
  const paypal = !admin && view.payment.kind === 'paypal';
  // A changed total needs a new order: PayPal's holds the old amount.
  const currentOrder = order && order.cents === totalCents ? order : null;

  const setType = (value: string) => {
    const next = muskieEntryType(value);
    const stillOffered = next ? pickupOptions(view.settings, next.code).some((p) => p.name === f.pickupLocation) : false;
    set({ type: value, pickupLocation: stillOffered ? f.pickupLocation : '', group: next?.family ? f.group : [] });
  };
  const setZone = (value: string) => {
    const parks = (MUSKIE_PARKING_ZONES as readonly number[]).includes(Number(value));
    set({ zone: value, ...(parks ? {} : { parking: '', parkingOther: '' }) });
  };
  const setAddOn = (name: AddOn, quantity: number) => {
    const addons = { ...f.addons, [name]: quantity };
    const shirtSizes = name === 'shirt' ? Array.from({ length: quantity }, (_, i) => f.shirtSizes[i] ?? '') : f.shirtSizes;
    set({ addons, shirtSizes, ...(name === 'raffle' && quantity === 0 ? { raffleAdult: false } : {}) });
  };
  const setMember = (index: number, changes: Partial<Member>) => set({ group: f.group.map((m, i) => (i === index ? { ...m, ...changes } : m)) });

  const pending = emailTaken ? mm.emailTaken : usernameTaken ? mm.usernameTaken : null;

  const submit = async () => {
    const built = payloadOf(f, account, admin);
    const problem =
      pending ?? ('problem' in built ? built.problem : checkMuskieRegistration(built.payload, { settings: view.settings, admin, signedIn }));
    if (problem || !('payload' in built)) {
      setError(problem);
      return;
    }
    const { payload } = built;
    setBusy(true);
    setError(null);
    try {
      if (admin) {
        const answer = await call(owner.registerManual, { params: { id: view.event._id }, body: payload }, { idempotencyKey: submission.current });
        submission.current = crypto.randomUUID();
        setDone(`Entry added with tournament ID ${answer.registration?.tournamentId ?? ''}.`);
        showSuccess(mm.success);
        setForm({ ...EMPTY });
        window.scrollTo({ top: 0 });
        return;
      }
      if (paypal && !currentOrder) {
        await openPayPal(payload);
        return;
      }
      const payment = currentOrder ? { type: 'PP' as const, orderId: currentOrder.id } : { type: 'card' as const, token: await card.current!.tokenize() };
      const answer = await call(events.register, { params: { id: view.event._id }, body: { ...payload, payment } }, { idempotencyKey: submission.current });
      if (answer.registration?.token) session.set(answer.registration.token);
      await client.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
      showSuccess(mm.success);
      void navigate('/');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : (err as Error).message);
      // An answer refused this submission: what is fixed and sent again is a new one. A lost
      // connection keeps the key, so a retry cannot pay twice.
      if (err instanceof ApiError && err.status > 0) submission.current = crypto.randomUUID();
      // Not approved yet: the same order waits. Any other refusal (used, refunded) needs a new one.
      if (!(err instanceof ApiError && err.status === 402)) setOrder(null);
    } finally {
      setBusy(false);
    }
  };

  /**
   * Makes the PayPal order for the server's total and opens PayPal's approval page. The window is
   * opened before the order is awaited, while the click still counts, so no pop-up blocker stops it.
   */
  const openPayPal = async (payload: MuskieRegistration) => {
    const popup = window.open('', '_blank');
    try {
      const created = await call(
        payments.ppOrder,
        { body: { eventId: view.event._id, intent: 'CAPTURE', registration: payload } },
        { idempotencyKey: submission.current },
      );
      const url = created.links.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
      if (!url) throw new Error('PayPal did not give us a page to approve the payment. Please try again.');
      if (popup) {
        popup.opener = null;
        popup.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
      setOrder({ id: created.id, url, cents: Math.round(created.amount * 100) });
      // PayPal replays an order for a key it has seen: the next order needs its own.
      submission.current = crypto.randomUUID();
    } catch (err) {
      popup?.close();
      throw err;
    }
  };

  /** An add-on: ticked, it starts at 1 and its quantity can be changed. */
  const addOn = (name: AddOn, label: string, price: string, counted: string) => (
    <Stack gap={6}>
      <Checkbox label={`${label} (${price})`} checked={f.addons[name] > 0} onChange={(e) => setAddOn(name, e.currentTarget.checked ? 1 : 0)} />
      {f.addons[name] > 0 && (
        <NativeSelect
          label={counted}
          data={quantities}
          value={String(f.addons[name])}
          onChange={(e) => setAddOn(name, Number(e.currentTarget.value))}
          maw={240}
          pl={30}
        />
      )}
    </Stack>
  );

  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'lg' }} maw={760} mx="auto">
      {admin ? (
        <Title order={1} size="h2">
          Add a tournament entry
        </Title>
      ) : (
        <Card padding="lg" radius="md" bg="teal.9" c="white">
          <Text size="sm" fw={600} tt="uppercase">
            Tournament Registration
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {view.event.name ?? 'Muskie Tournament'}
          </Title>
          {view.event.dateStart && (
            <Text>
              {new Date(view.event.dateStart).toLocaleDateString('en-US', { timeZone: view.event.tz, month: 'long', day: 'numeric', year: 'numeric' })}
              {view.event.dateEnd &&
                ` – ${new Date(view.event.dateEnd).toLocaleDateString('en-US', { timeZone: view.event.tz, month: 'long', day: 'numeric', year: 'numeric' })}`}
            </Text>
          )}
        </Card>
      )}
      {done && (
        <Alert color="green" role="status">
          {done}
        </Alert>
      )}
      {!admin && view.viewer.entered && (
        <Alert color="yellow" title="You already have an entry" role="note">
          {mm.secondEntry}
        </Alert>
      )}
      {view.event.ended && (
        <Alert color="red" role="alert">
          This tournament has ended; registration is closed.
        </Alert>
      )}

      <Section title="Tournament Entry">
        {admin && <TextInput label="Tournament ID (optional)" description="Left blank, the next free number is assigned." {...text('id')} />}
        <NativeSelect
          label="Entry type"
          withAsterisk
          data={[{ value: '', label: 'Choose an entry type' }, ...view.types.map((t) => ({ value: String(t.code), label: `${t.label} – $${t.code}` }))]}
          value={f.type}
          onChange={(e) => setType(e.currentTarget.value)}
        />
        {entry && !entry.junior && (
          <Checkbox label="Senior bonus (Senior division)" checked={f.seniorBonus} onChange={(e) => set({ seniorBonus: e.currentTarget.checked })} />
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...text('email')}
          error={emailTaken ? mm.emailTaken : undefined}
        />
        {emailTaken && (
          <Anchor component={Link} to={`/landing?redirect=${encodeURIComponent(`/fs-tournament/${view.event._id}`)}`} size="sm">
            Log in to register with your account
          </Anchor>
        )}
        {account && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Username" autoComplete="username" withAsterisk {...text('username')} error={usernameTaken ? mm.usernameTaken : undefined} />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              withAsterisk
              value={f.password}
              onChange={(e) => set({ password: e.currentTarget.value })}
            />
          </SimpleGrid>
        )}
        {account && <Text size="sm" c="dimmed">Your Tightlines account is made with your entry, so you can check in and enter fish from the app.</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Your name" autoComplete="name" withAsterisk {...text('name')} />
          <TextInput label="Phone number" type="tel" autoComplete="tel" withAsterisk {...text('phone')} />
        </SimpleGrid>
        <Radio.Group label="Gender" withAsterisk value={f.gender} onChange={(v) => set({ gender: v })}>
          <Group mt={4}>
            {MUSKIE_GENDERS.map((g) => (
              <Radio key={g} value={g} label={g} />
            ))}
          </Group>
        </Radio.Group>
        {entry?.junior && account && (
          <Checkbox label="I am 13 or older and may create my own account" checked={f.child} onChange={(e) => set({ child: e.currentTarget.checked })} />
        )}
        {entry?.family && (
          <Stack gap="sm">
            <Text fw={600}>Family members</Text>
            <Text size="sm" c="dimmed">
              A family is husband, wife or partner with up to 2 juniors, or 1 adult with up to 3 juniors.
            </Text>
            {f.group.map((m, i) => (
              <Card key={i} withBorder padding="sm" component="fieldset" aria-label={`Family member ${i + 1}`}>
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text fw={600}>Family member {i + 1}</Text>
                    <Button variant="subtle" color="red" size="xs" onClick={() => set({ group: f.group.filter((_, j) => j !== i) })}>
                      Remove member {i + 1}
                    </Button>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    <TextInput label={`Member ${i + 1} name`} value={m.name} onChange={(e) => setMember(i, { name: e.currentTarget.value })} />
                    <TextInput label={`Member ${i + 1} email`} type="email" value={m.email} onChange={(e) => setMember(i, { email: e.currentTarget.value })} />
                  </SimpleGrid>
                  <NativeSelect
                    label={`Member ${i + 1} gender`}
                    data={[{ value: '', label: 'Choose' }, ...MUSKIE_GENDERS]}
                    value={m.gender}
                    onChange={(e) => setMember(i, { gender: e.currentTarget.value })}
                  />
                  <Group gap="md">
                    <Checkbox label="Junior" checked={m.junior} onChange={(e) => setMember(i, { junior: e.currentTarget.checked, senior: false, junior13: false })} />
                    <Checkbox label="Senior" checked={m.senior} onChange={(e) => setMember(i, { senior: e.currentTarget.checked, junior: false, junior13: false })} />
                  </Group>
                  {m.junior && (
                    <Checkbox
                      label="This junior is 13 or older (their e-mail is kept for an account)"
                      checked={m.junior13}
                      onChange={(e) => setMember(i, { junior13: e.currentTarget.checked })}
                    />
                  )}
                </Stack>
              </Card>
            ))}
            {f.group.length < MUSKIE_MAX_FAMILY_MEMBERS && (
              <Button
                variant="light"
                onClick={() => set({ group: [...f.group, { name: '', email: '', gender: '', junior: false, junior13: false, senior: false }] })}
                style={{ alignSelf: 'flex-start' }}
              >
                Add a family member
              </Button>
            )}
          </Stack>
        )}
      </Section>

      <Section title="Mailing Address">
        <TextInput label="Street" autoComplete="street-address" withAsterisk {...text('address')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="City" autoComplete="address-level2" withAsterisk {...text('address2')} />
          <TextInput label="State" autoComplete="address-level1" withAsterisk {...text('address3')} />
          <TextInput label="ZIP" autoComplete="postal-code" inputMode="numeric" withAsterisk {...text('address4')} />
        </SimpleGrid>
      </Section>

      <Section title="Select a fishing zone">
        <NativeSelect
          label="Fishing zone"
          withAsterisk
          data={[{ value: '', label: 'Choose a zone' }, ...view.settings.zones.map((z) => ({ value: String(z.zone), label: `Zone ${z.zone}` }))]}
          value={f.zone}
          onChange={(e) => setZone(e.currentTarget.value)}
        />
        {zone !== null && (
          <Text size="sm" data-testid="zone-lakes">
            Lakes in zone {zone}: {view.settings.zones.find((z) => z.zone === zone)?.lakes.join(', ')}
          </Text>
        )}
      </Section>

      {parking.length > 0 && (
        <Section title="Vehicle/Trailer Parking">
          <Text size="sm">Trailer parking in zones 9 and 10 is limited. Choose a spot, or tell us how you will get on the water.</Text>
          <Radio.Group label="Parking" value={f.parking} onChange={(v) => set({ parking: v })}>
            <Stack gap={6} mt={4}>
              <Radio value="" label="No trailer parking needed" />
              {parking.map((p) => {
                const left = spotsLeft(p.name);
                return <Radio key={p.name} value={p.name} disabled={left === 0 && f.parking !== p.name} label={`${p.name} (${left === 0 ? 'full' : `${left} of ${p.spots} spots left`})`} />;
              })}
            </Stack>
          </Radio.Group>
          <TextInput label="Other parking arrangements" {...text('parkingOther')} />
        </Section>
      )}

      <Section title="Packet/ID Pick Up Location">
        {entry ? (
          <Radio.Group label={entry.days === 2 ? 'Friday pick up (2-day entries)' : 'Thursday pick up (3-day entries)'} withAsterisk value={f.pickupLocation} onChange={(v) => set({ pickupLocation: v })}>
            <Stack gap={6} mt={4}>
              {pickups.map((p) => (
                <Radio key={p.name} value={p.name} label={p.time ? `${p.name} – ${p.time}` : p.name} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm" c="dimmed">
            Choose an entry type first: 3-day entries pick up on Thursday, 2-day entries on Friday.
          </Text>
        )}
      </Section>

      <Section title="Add Ons">
        {addOn('shirt', 'Tournament shirt, M to XL', dollars(MUSKIE_ADDON_PRICES.shirt), 'Number of shirts (M to XL)')}
        {f.shirtSizes.map((size, i) => (
          <NativeSelect
            key={i}
            label={`Shirt ${i + 1} size`}
            data={[{ value: '', label: 'Choose a size' }, ...MUSKIE_SHIRT_SIZES]}
            value={size}
            onChange={(e) => {
              const value = e.currentTarget.value;
              set({ shirtSizes: f.shirtSizes.map((s, j) => (j === i ? value : s)) });
            }}
            maw={240}
            pl={30}
          />
        ))}
        {addOn('shirt2', 'Tournament shirt, 2XL', dollars(MUSKIE_ADDON_PRICES.shirt2), 'Number of 2XL shirts')}
        {addOn('hat', 'Tournament hat', dollars(MUSKIE_ADDON_PRICES.hat), 'Number of hats')}
        {addOn('bumpboard', 'Bumpboard', dollars(MUSKIE_ADDON_PRICES.bumpboard), 'Number of bumpboards')}
      </Section>

      <Section title="Aquatic Invasive Species/Boat Status">
        <Radio.Group label="Your boat" withAsterisk value={f.ownershipStatus} onChange={(v) => set({ ownershipStatus: v })}>
          <Stack gap={6} mt={4}>
            {AIS_STATUSES.map((s) => (
              <Radio key={s} value={s} label={s} />
            ))}
          </Stack>
        </Radio.Group>
        {f.ownershipStatus === AIS_OWNS_BOAT && (
          <Radio.Group label="AIS compliance" withAsterisk value={f.boatCompliance} onChange={(v) => set({ boatCompliance: v })}>
            <Stack gap={6} mt={4}>
              {AIS_COMPLIANCE.map((c) => (
                <Radio key={c} value={c} label={c} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {f.ownershipStatus === AIS_STATUSES[1] && <TextInput label="Whose boat are you fishing from?" {...text('boatOwnedBy')} />}
      </Section>

      {raffle && (
        <Section title="Chapter Raffle Tickets">
          <Text size="sm">Raffle tickets are $20 each, paid at pick up in cash or check only (not in the online total). Buyers must be 18 or older.</Text>
          {addOn('raffle', 'Raffle tickets', dollars(MUSKIE_ADDON_PRICES.raffle), 'Number of raffle tickets')}
          {f.addons.raffle > 0 && (
            <Checkbox label="I am 18 or older" checked={f.raffleAdult} onChange={(e) => set({ raffleAdult: e.currentTarget.checked })} />
          )}
        </Section>
      )}

      <Section title="Release of Liability">
        <Text size="sm">
          Fishing is done at your own risk. By entering you release the chapter, its volunteers and the tournament&apos;s sponsors from any claim for injury,
          loss or damage arising from the tournament, and agree to follow the tournament rules and the fishing regulations of the state.
        </Text>
        <Checkbox label="I agree to the Tournament Release of Liability" checked={f.terms} onChange={(e) => set({ terms: e.currentTarget.checked })} />
        <Checkbox label="I agree to the Tournament Rules" checked={f.rules} onChange={(e) => set({ rules: e.currentTarget.checked })} />
        {entry?.junior && !admin && <TextInput label="Parent or guardian signature (type full name)" withAsterisk {...text('adultSignature')} />}
      </Section>

      <Section title="Payment">
        <Text>
          Online total: <strong data-testid="muskie-total">{dollars(totalCents / 100)}</strong>
        </Text>
        {raffleDue > 0 && <Text size="sm">Raffle tickets due at pick up (cash or check): {dollars(raffleDue)}</Text>}
        {admin ? (
          <Text size="sm" c="dimmed">
            Admin entry: no payment is taken.
          </Text>
        ) : paypal ? (
          currentOrder ? (
            <Alert color="blue" role="status" title="Approve the payment in PayPal">
              Approve the payment in the PayPal window, then press Finish registration here.{' '}
              <Anchor href={currentOrder.url} target="_blank" rel="noopener noreferrer">
                Open PayPal again
              </Anchor>
            </Alert>
          ) : (
            <Text size="sm">You pay through PayPal, which opens in a new window. Approve the payment there, then come back here to finish your registration.</Text>
          )
        ) : (
          <CardEntry ref={card} mode={view.payment.mode === 'stripe' ? 'stripe' : 'test'} publishableKey={view.payment.clientId} />
        )}
        {error && (
          <Alert color="red" role="alert" title="Please check your entry">
            {error}
          </Alert>
        )}
        <Button size="md" onClick={() => void submit()} loading={busy} disabled={view.event.ended} fullWidth>
          {admin ? 'Add entry' : currentOrder ? 'Finish registration' : paypal ? `Pay ${dollars(totalCents / 100)} with PayPal` : `Register and pay ${dollars(totalCents / 100)}`}
        </Button>
      </Section>
    </Stack>
  );
}
