import { describe, expect, it } from 'vitest';
import { boardPollInterval, POLL_MS } from '../src/features/events/api/board-feed';
import { initialLiveState, liveReducer } from '../src/features/events/use-event-live';

type Row = { name: string; points: number };
type Fish = { _id: string };

describe('the live leaderboard state', () => {
  it('replaces the board with each one the server sends and clears a refusal', () => {
    let state = initialLiveState<Row, Fish>();
    state = liveReducer(state, { type: 'refused', error: 'nope' });
    expect(state.error).toBe('nope');
    state = liveReducer(state, { type: 'board', board: [{ name: 'Ann', points: 3 }] });
    expect(state).toMatchObject({ board: [{ name: 'Ann', points: 3 }], error: null });
  });

  it('expires an alert only while it is still the one shown', () => {
    const first = { _id: 'f1' };
    const second = { _id: 'f2' };
    let state = liveReducer(initialLiveState<Row, Fish>(), { type: 'bigFish', fish: first });
    state = liveReducer(state, { type: 'bigFish', fish: second });
    // The first alert's timer ends while the second is up: the second stays its full 10 s.
    state = liveReducer(state, { type: 'expire', alert: 'bigFish', value: first });
    expect(state.bigFish).toBe(second);
    state = liveReducer(state, { type: 'expire', alert: 'bigFish', value: second });
    expect(state.bigFish).toBeNull();
  });
});

describe('reading the board again over HTTP', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const running = { dateStart: '2026-06-01T08:00:00Z', dateEnd: '2026-06-02T08:00:00Z' };

  it('polls a running event only while the live channel is down', () => {
    expect(boardPollInterval(running, false, now)).toBe(POLL_MS);
    expect(boardPollInterval(running, true, now)).toBe(false);
  });

  it('never polls an event that has not started or has ended', () => {
    expect(boardPollInterval({ dateStart: '2026-06-03T08:00:00Z', dateEnd: null }, false, now)).toBe(false);
    expect(boardPollInterval({ dateStart: '2026-05-01T08:00:00Z', dateEnd: '2026-05-02T08:00:00Z' }, false, now)).toBe(false);
  });
});
