import { Alert, Badge, Button, Card, Collapse, Container, Group, Image, Modal, SegmentedControl, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import type { BoardFish, EventView, LeaderboardRow } from '@tightlines/core/api/events';
import { ALERT_MS, GALLERY_MS, NEW_FISH_HIGHLIGHT_MS } from '@tightlines/core/events/fish';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page';
import { useBoardFeed, type BoardFeed } from './api/board-feed';
import { useEvent } from './api/get-event';
import { EventMissing } from './event-parts';
import { useEventLive } from './use-event-live';

// chart.js is the heaviest part of the page and only the Chart view needs it.
const LeaderboardCharts = lazy(() => import('./leaderboard-charts').then((m) => ({ default: m.LeaderboardCharts })));

const TROPHY = ['#f0b400', '#a5acb5', '#c87533'];
const ALL = 'All';

function Trophy({ place }: { place: number }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" role="img" aria-label={`Trophy, place ${place}`} style={{ verticalAlign: 'middle' }}>
      <path fill={TROPHY[place - 1]} d="M7 2h10v2h4v3a5 5 0 0 1-4.6 5A5 5 0 0 1 13 15v3h4v3H7v-3h4v-3a5 5 0 0 1-3.4-3A5 5 0 0 1 3 7V4h4V2zm0 4H5v1a3 3 0 0 0 2 2.8V6zm10 0v3.8A3 3 0 0 0 19 7V6h-2z" />
    </svg>
  );
}

function CheckMark() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" role="img" aria-label="Checked in" style={{ verticalAlign: 'middle' }}>
      <path fill="#2f9e44" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
    </svg>
  );
}

const rowKey = (r: LeaderboardRow) => `${r.entryId}:${r.memberId ?? ''}`;
const shortDate = (iso: string, tz: string) =>
  new Date(iso).toLocaleString('en-US', { month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', timeZone: tz });

/** /event-leaderboard/:id */
export function LeaderboardPage() {
  const { id = '' } = useParams();
  const query = useEvent(id);
  usePageTitle(query.data?.name ? `${query.data.name}: Live Leaderboard` : 'Live Leaderboard');
  if (query.isPending) return <LoadingPage />;
  if (query.isError) return <EventMissing error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Live Leaderboard
          </Title>
          <Text c="dimmed">{query.data.name}</Text>
        </div>
        <Button component={Link} to={`/event/${encodeURIComponent(id)}`} variant="default" size="sm">
          Event details
        </Button>
      </Group>
      <FedLeaderboard event={query.data} />
    </Container>
  );
}

/**
 * The board of an event as its feed delivers it (the Leaderboard tab and the live page): read over
 * HTTP (polled only while the live channel is down), and replaced by each board the live channel
 * (socket.io) sends as fish are accepted.
 */
export function FedLeaderboard({ event }: { event: EventView }) {
  const live = useEventLive<LeaderboardRow, BoardFish>(event._id);
  const feed = useBoardFeed(event, live.connected);
  const { push } = feed;
  useEffect(() => {
    if (live.board) push(live.board);
  }, [live.board, push]);
  return <LiveLeaderboard event={event} feed={feed} />;
}

/**
 * The leaderboard: division selector, ranked rows (trophies, check marks, fish, points) that
 * expand to their fish, the photo gallery, the Detailed list / Chart toggle and the alerts. All it
 * shows comes from `feed`, whatever carries it.
 */
export function LiveLeaderboard({ event, feed }: { event: EventView; feed: BoardFeed }) {
  const [division, setDivision] = useState(ALL);
  const [view, setView] = useState<'list' | 'chart'>('list');
  const rows = useMemo(() => (division === ALL ? feed.board : feed.board.filter((r) => r.division === division)), [feed.board, division]);
  const fish = useMemo(() => rows.flatMap((r) => r.fish.map((f) => ({ ...f, angler: r.name }))), [rows]);

  return (
    <Stack gap="md">
      <BoardAlerts feed={feed} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        {event.divisions.length > 0 ? (
          <Select
            label="Division"
            data={[ALL, ...event.divisions]}
            value={division}
            onChange={(v) => setDivision(v ?? ALL)}
            allowDeselect={false}
            w={200}
          />
        ) : (
          <span />
        )}
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as 'list' | 'chart')}
          data={[
            { value: 'list', label: 'Detailed list' },
            { value: 'chart', label: 'Chart' },
          ]}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{feed.board.length === 0 ? 'No anglers have entered yet.' : 'No anglers in this division yet.'}</Text>
      ) : view === 'list' ? (
        <BoardList rows={rows} tz={event.tz} divisionView={division !== ALL} newFishIds={feed.newFishIds} changeId={feed.changeId} />
      ) : (
        <Suspense fallback={<Text c="dimmed">Loading charts…</Text>}>
          <LeaderboardCharts rows={rows} fish={fish} />
        </Suspense>
      )}
      {fish.some((f) => f.photos.angler || f.photos.measurement) && <Gallery fish={fish} />}
    </Stack>
  );
}

/** 'New Leader Alert' and 'Big Fish Alert', each for 10 s after the change that raised it. */
function BoardAlerts({ feed }: { feed: BoardFeed }) {
  const [shown, setShown] = useState<{ leader: LeaderboardRow | null; fish: BoardFish | null; id: number }>({ leader: null, fish: null, id: 0 });
  // Derived from the feed's change counter: a new change shows its alerts, and a timer hides them.
  if (feed.changeId !== shown.id) setShown({ leader: feed.newLeader, fish: feed.bigFish, id: feed.changeId });
  useEffect(() => {
    if (!shown.leader && !shown.fish) return;
    const timer = setTimeout(() => setShown((s) => ({ ...s, leader: null, fish: null })), ALERT_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown.leader && !shown.fish) return null;
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      {shown.leader && (
        <Alert color="orange" title="New Leader Alert">
          {shown.leader.name} leads with {shown.leader.points} points.
        </Alert>
      )}
      {shown.fish && (
        <Alert color="teal" title="Big Fish Alert">
          A {shown.fish.size}&quot; {shown.fish.species ?? 'fish'} is the biggest of the event so far.
        </Alert>
      )}
    </Stack>
  );
}

function BoardList({ rows, tz, divisionView, newFishIds, changeId }: { rows: LeaderboardRow[]; tz: string; divisionView: boolean; newFishIds: string[]; changeId: number }) {
  const [open, setOpen] = useState<string | null>(null);
  const [lit, setLit] = useState<{ ids: string[]; id: number }>({ ids: [], id: 0 });
  if (changeId !== lit.id) setLit({ ids: newFishIds, id: changeId });
  useEffect(() => {
    if (lit.ids.length === 0) return;
    const timer = setTimeout(() => setLit((l) => ({ ...l, ids: [] })), NEW_FISH_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [lit]);
  const litIds = new Set(lit.ids);
  return (
    <Stack gap={6}>
      {rows.map((r) => {
        const rank = divisionView ? r.divisionRank : r.rank;
        const key = rowKey(r);
        const fresh = r.fish.some((f) => litIds.has(f._id));
        return (
          <Card key={key} withBorder padding="xs" bg={fresh ? 'yellow.1' : undefined} data-testid="leaderboard-row" style={{ transition: 'background-color 300ms' }}>
            <UnstyledButton onClick={() => setOpen(open === key ? null : key)} aria-expanded={open === key} w="100%">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text fw={700} w={28} ta="right">
                    {rank}
                  </Text>
                  {rank <= 3 && r.points > 0 ? <Trophy place={rank} /> : <span style={{ width: 18 }} />}
                  <div style={{ minWidth: 0 }}>
                    <Text fw={500} truncate>
                      {r.name} {r.checkedIn && <CheckMark />}
                    </Text>
                    {(r.team || r.division) && (
                      <Text size="xs" c="dimmed" truncate>
                        {[r.team, r.division].filter(Boolean).join(' · ')}
                      </Text>
                    )}
                  </div>
                </Group>
                <Group gap="md" wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {r.fishCount} fish
                  </Text>
                  <Text fw={700}>{r.points} pts</Text>
                </Group>
              </Group>
            </UnstyledButton>
            <Collapse expanded={open === key}>
              <FishTable fish={r.fish} tz={tz} lit={litIds} />
            </Collapse>
          </Card>
        );
      })}
    </Stack>
  );
}

function FishTable({ fish, tz, lit }: { fish: BoardFish[]; tz: string; lit: Set<string> }) {
  const [photo, setPhoto] = useState<{ src: string; title: string } | null>(null);
  if (fish.length === 0)
    return (
      <Text size="sm" c="dimmed" mt="xs">
        No fish entered yet.
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={520} mt="xs">
        <Table fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Lake</Table.Th>
              <Table.Th>Lure</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Points</Table.Th>
              <Table.Th>Photos</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fish.map((f) => (
              <Table.Tr key={f._id} bg={lit.has(f._id) ? 'yellow.1' : undefined}>
                <Table.Td>{shortDate(f.date, tz)}</Table.Td>
                <Table.Td>{f.lake?.name ?? '—'}</Table.Td>
                <Table.Td>{f.lure ?? '—'}</Table.Td>
                <Table.Td>{f.size}&quot;</Table.Td>
                <Table.Td>{f.points}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="light" disabled={!f.photos.measurement} onClick={() => f.photos.measurement && setPhoto({ src: f.photos.measurement, title: 'On the bumperboard' })}>
                      Board
                    </Button>
                    <Button size="compact-xs" variant="light" disabled={!f.photos.angler} onClick={() => f.photos.angler && setPhoto({ src: f.photos.angler, title: 'Angler with the fish' })}>
                      Angler
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={photo !== null} onClose={() => setPhoto(null)} title={photo?.title} centered size="lg">
        {photo && <Image src={photo.src} alt={photo.title} fit="contain" mah="70vh" />}
      </Modal>
    </>
  );
}

/** Every fish photo of the board, one at a time, moving on by itself every 10 s; previous and next by hand. */
function Gallery({ fish }: { fish: Array<BoardFish & { angler: string }> }) {
  const slides = useMemo(
    () =>
      fish.flatMap((f) =>
        [f.photos.angler, f.photos.measurement]
          .filter((src): src is string => !!src)
          .map((src) => ({ src, caption: `${f.angler}: ${f.size}" ${f.species ?? ''}`.trim() })),
      ),
    [fish],
  );
  const [index, setIndex] = useState(0);
  const count = slides.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), GALLERY_MS);
    return () => clearInterval(timer);
  }, [count]);
  const slide = slides[index % Math.max(count, 1)];
  if (!slide) return null;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Photo gallery
        </Title>
        <Badge variant="light">
          {(index % count) + 1} / {count}
        </Badge>
      </Group>
      <Image src={slide.src} alt={slide.caption} h={260} fit="contain" />
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Button size="xs" variant="default" onClick={() => setIndex((i) => (i - 1 + count) % count)} aria-label="Previous photo">
          Previous
        </Button>
        <Text size="sm" ta="center" truncate>
          {slide.caption}
        </Text>
        <Button size="xs" variant="default" onClick={() => setIndex((i) => (i + 1) % count)} aria-label="Next photo">
          Next
        </Button>
      </Group>
    </Card>
  );
}
