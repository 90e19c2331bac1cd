import type { EventListItem } from '@tightlines/core/api/events';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventsPage } from '../src/features/events/events-page';
import { renderApp } from './render';

afterEach(() => vi.unstubAllGlobals());

const item = (n: number): EventListItem => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Event number ${n}`,
  type: 'Tournament',
  format: 'Points',
  state: 'MN',
  species: ['Walleye'],
  size: '12',
  cost: 0,
  dateStart: '2027-05-01T11:00:00.000Z',
  dateEnd: '2027-05-01T23:00:00.000Z',
  tz: 'America/Chicago',
});

/** The server's list: the events behind `after` (or from the top), `limit` at a time. */
function serveEvents(all: EventListItem[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const after = url.searchParams.get('after');
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const from = after ? all.findIndex((e) => e._id === after) + 1 : 0;
    return new Response(JSON.stringify(all.slice(from, from + limit)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the public events list', () => {
  it('shows the first 50 events, then the rest behind the last one shown when asked', async () => {
    const fetch = serveEvents(Array.from({ length: 53 }, (_, i) => item(i + 1)));
    renderApp(<EventsPage />);
    await waitFor(() => expect(screen.getAllByTestId('event-item')).toHaveLength(50));

    fireEvent.click(screen.getByRole('button', { name: 'Show more events' }));
    await waitFor(() => expect(screen.getAllByTestId('event-item')).toHaveLength(53));
    expect(screen.getByText('Event number 53')).toBeTruthy();
    expect(new URL(String(fetch.mock.calls[1]?.[0]), 'http://localhost').searchParams.get('after')).toBe(item(50)._id);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more events' })).toBeNull());
  });

  it('offers no more when the list fits on one page, and says so when it is empty', async () => {
    serveEvents([item(1), item(2)]);
    const first = renderApp(<EventsPage />);
    await waitFor(() => expect(screen.getAllByTestId('event-item')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Show more events' })).toBeNull();
    first.unmount();

    serveEvents([]);
    renderApp(<EventsPage />);
    expect(await screen.findByText('There are currently no events available.')).toBeTruthy();
  });
});
