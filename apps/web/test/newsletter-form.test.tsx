import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterForm } from '../src/components/newsletter-form';
import { renderApp } from './render';

const NOT_SENT = 'We could not send the confirmation email just now. Please try again in a few minutes.';
const SENT = 'Almost done: we sent you an email. Follow the link inside it to confirm your subscription.';

afterEach(() => vi.unstubAllGlobals());

/** The server answers the visitor's sign-ups in turn with these. */
function answers(...replies: Array<{ status: number; body: unknown }>) {
  const fetch = vi.fn(async () => {
    const reply = replies.shift();
    if (!reply) throw new Error('no answer left');
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function signUp(email: string) {
  fireEvent.change(screen.getByLabelText('Your email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('the visitor’s newsletter sign-up', () => {
  it('says the confirmation was not sent when the server could not mail it, and clears an earlier "sent"', async () => {
    const fetch = answers({ status: 200, body: { subscribed: false, pending: true, message: SENT } }, { status: 502, body: { error: NOT_SENT } });
    renderApp(<NewsletterForm />);
    await signUp('first@example.com');
    expect((await screen.findByRole('status')).textContent).toBe(SENT);

    await signUp('second@example.com');
    await waitFor(() => expect(screen.getByText(NOT_SENT)).toBeTruthy());
    expect(screen.queryByText(SENT)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
