import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CURRENT_PASSWORD_WRONG, type SessionView } from '@tightlines/core/accounts';
import { messages } from '@tightlines/core/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm, PASSWORD_CHANGED } from '../src/features/account/password-form';
import { SessionsPanel } from '../src/features/account/sessions-panel';
import { renderApp } from './render';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Sent = { method: string; url: string; body: unknown };
function serve(answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const one = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(one);
      return answer(one);
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the change password form', () => {
  it('checks the confirmation before sending anything', () => {
    const sent = serve(() => json({ success: true }));
    renderApp(<ChangePasswordForm />);
    fill('Current password', 'old password 1');
    fill('New password', 'a brand new one 2');
    fill('Confirm new password', 'a brand new one 3');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText(messages.passwordsMustMatch)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's message on the field it names, then says other sessions were signed out", async () => {
    let wrong = true;
    const sent = serve(() =>
      wrong ? json({ error: CURRENT_PASSWORD_WRONG, errors: { currentPassword: { type: CURRENT_PASSWORD_WRONG } } }, 400) : json({ success: true }),
    );
    renderApp(<ChangePasswordForm />);
    fill('Current password', 'not it at all');
    fill('New password', 'a brand new one 2');
    fill('Confirm new password', 'a brand new one 2');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByText(CURRENT_PASSWORD_WRONG);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/user/change-password', body: { currentPassword: 'not it at all', password: 'a brand new one 2', passwordConfirm: 'a brand new one 2' } });

    wrong = false;
    fill('Current password', 'the right one 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_CHANGED);
    expect(screen.queryByText(CURRENT_PASSWORD_WRONG)).toBeNull();
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});

const session = (id: string, current: boolean, userAgent: string | null): SessionView => ({
  _id: id,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-23T09:30:00.000Z',
  userAgent,
  current,
});

describe('the sessions panel', () => {
  it('marks this device and ends the others one by one, keeping this one', async () => {
    let list = [
      session('s-here', true, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'),
      session('s-phone', false, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'),
      session('s-old', false, null),
    ];
    const sent = serve(({ method, url }) => {
      if (method === 'DELETE') {
        list = list.filter((s) => !url.endsWith(s._id));
        return json({ success: true });
      }
      return json(list);
    });
    renderApp(<SessionsPanel />);
    expect(screen.getByText('Loading your sessions…')).toBeTruthy();
    const here = await screen.findByRole('region', { name: 'Chrome on Linux (this device)' });
    expect(within(here).getByText('This device')).toBeTruthy();
    expect(within(here).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.getByText('Safari on iOS')).toBeTruthy();
    expect(screen.getByText('Unknown device')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere else' }));
    await screen.findByText('Signed out 2 other sessions.');
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual(['/api/user/sessions/s-phone', '/api/user/sessions/s-old']);
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect((screen.getByRole('button', { name: 'Log out everywhere else' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    serve(() => (fail ? json({ error: 'The database is not answering.' }, 503) : json([session('s-here', true, null)])));
    renderApp(<SessionsPanel />);
    await screen.findByText('The database is not answering.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('This device');
  });
});
