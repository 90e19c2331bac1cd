import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCircleLogs } from '../src/features/circle/api/get-circle-logs';
import { aLog } from './fixtures';
import { renderApp } from './render';

const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];

/** The feed as the Inner Circle page lists it: every loaded log, and Show more while the total is not reached. */
function Feed() {
  const logs = useCircleLogs({ filterType: 'type', filterValue: 'Catch' });
  if (!logs.data) return null;
  return (
    <>
      <ul>
        {logs.data.pages.flatMap((p) => p.logs).map((l) => (
          <li key={l._id}>{l._id}</li>
        ))}
      </ul>
      {logs.hasNextPage && <button onClick={() => void logs.fetchNextPage()}>Show more</button>}
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the Inner Circle feed', () => {
  it('asks for the next page behind the last log shown, with its filters, and stops at the total', async () => {
    const asked: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const query = new URL(url, 'http://localhost').searchParams;
        asked.push(query);
        const page = Number(query.get('page'));
        const logs = page === 1 ? ids.slice(0, 2) : ids.slice(2);
        const body = { logs: logs.map((_id) => aLog({ _id })), total: 3, page, limit: 2 };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderApp(<Feed />);
    await screen.findByText(ids[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText(ids[2]!);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(ids);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
    expect(asked.map((q) => [q.get('page'), q.get('after'), q.get('filterType'), q.get('filterValue')])).toEqual([
      ['1', null, 'type', 'Catch'],
      ['2', ids[1], 'type', 'Catch'],
    ]);
  });
});
