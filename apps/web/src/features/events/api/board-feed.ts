import { useQuery } from '@tanstack/react-query';
import type { BoardFish, EventView, LeaderboardRow } from '@tightlines/core/api/events';
import { boardChange } from '@tightlines/core/events/fish';
import { eventTimeState } from '@tightlines/core/events/model';
import { useCallback, useEffect, useRef, useState } from 'react';
import { eventQueryOptions } from './get-event';

/** How often a running event's board is read again while no live channel pushes it. */
const POLL_MS = 15_000;

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
 * while the event runs, each new board compared with the last (core's boardChange) for the
 * alerts. A live channel (socket.io) feeds `push` the boards it receives instead.
 */
export function useBoardFeed(event: EventView): BoardFeed & { push: (board: LeaderboardRow[]) => void } {
  const running = eventTimeState(event, new Date()) === 'started';
  const query = useQuery({ ...eventQueryOptions(event._id), initialData: event, refetchInterval: running ? POLL_MS : false });
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
