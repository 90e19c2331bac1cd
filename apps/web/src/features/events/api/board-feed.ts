import { useQuery } from '@tanstack/react-query';
import type { BoardFish, EventView, LeaderboardRow } from '@tightlines/core/api/events';
import { boardChange } from '@tightlines/core/events/fish';
import { eventTimeState } from '@tightlines/core/events/model';
import { useCallback, useEffect, useRef, useState } from 'react';
import { eventQueryOptions } from './get-event';

/** How often a running event's board is read again while no live channel pushes it. */
export const POLL_MS = 15_000;

/**
 * Whether to read the board again over HTTP, and how often: only while the event runs and the live
 * channel is down. A connected socket already brings every accepted fish, and on (re)connecting the
 * board as it is, so polling beside it would only load the server.
 */
export function boardPollInterval(event: { dateStart: string | null; dateEnd: string | null }, liveConnected: boolean, now = new Date()): number | false {
  return eventTimeState(event, now) === 'started' && !liveConnected ? POLL_MS : false;
}

/** The leaderboard as a page shows it: the rows, and what the last change brought. */
export type BoardFeed = {
  board: LeaderboardRow[];
  /** Fish that arrived with the last change (highlighted for 5 s). */
  newFishIds: string[];
  newLeader: LeaderboardRow | null;
  bigFish: BoardFish | null;
  /** Bumps with every change that raised an alert, so the same alert may show again. */
  changeId: number;
};

/**
 * The one place a page takes its board from. Over HTTP: the event's answer, read again every 15 s
 * while the event runs and `liveConnected` is false, each new board compared with the last (core's
 * boardChange) for the alerts. A live channel (socket.io) feeds `push` the boards it receives.
 */
export function useBoardFeed(event: EventView, liveConnected: boolean): BoardFeed & { push: (board: LeaderboardRow[]) => void } {
  const query = useQuery({ ...eventQueryOptions(event._id), initialData: event, refetchInterval: () => boardPollInterval(event, liveConnected) });
  const [feed, setFeed] = useState<BoardFeed>({ board: event.leaderboard, newFishIds: [], newLeader: null, bigFish: null, changeId: 0 });
  const last = useRef(event.leaderboard);

  const push = useCallback((board: LeaderboardRow[]) => {
    const change = boardChange<BoardFish, LeaderboardRow>(last.current, board);
    last.current = board;
    setFeed((f) => ({ board, ...change, changeId: change.newFishIds.length > 0 ? f.changeId + 1 : f.changeId }));
  }, []);

  const board = query.data.leaderboard;
  useEffect(() => {
    if (board !== last.current) push(board);
  }, [board, push]);

  return { ...feed, push };
}
