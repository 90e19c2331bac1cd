import { describe, expect, it } from 'vitest';
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
