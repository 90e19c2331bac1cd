import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CIRCLE_MESSAGES, type InnerCircleUser } from '@tightlines/core/circle';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberDialog } from '../src/features/circle/member-dialog';
import { renderApp } from './render';

const friend: InnerCircleUser = {
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'bass_bob',
  email: null,
  totalLogs: 3,
  followsYou: true,
  youFollow: false,
  filters: [
    { type: 'lakes', allowed: [{ name: 'Gull Lake', value: true }, { name: 'Mille Lacs', value: false }] },
    { type: 'tags', allowed: [{ name: 'dawn', value: false }] },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the manage dialog', () => {
  it('saves the checklists as the seed models them, after Clear All and Select All', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ message: CIRCLE_MESSAGES.accessSaved, user: friend }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderApp(<MemberDialog member={friend} filtersShown onClose={() => undefined} />);
    expect(screen.getByText('bass_bob')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Tags' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      username: 'bass_bob',
      _id: friend._id,
      filters: [
        { type: 'lakes', allowed: [{ name: 'Gull Lake', value: false }, { name: 'Mille Lacs', value: false }] },
        { type: 'tags', allowed: [{ name: 'dawn', value: true }] },
      ],
    });
  });

  it('shows the Lakes and Tags tabs only while the filters are shown; Remove is always there', () => {
    renderApp(<MemberDialog member={friend} filtersShown={false} onClose={() => undefined} />);
    expect(screen.queryByRole('tab', { name: 'Lakes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });
});
