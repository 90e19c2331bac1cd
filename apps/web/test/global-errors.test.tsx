import { Button, Text } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '../src/components/alert-dialog';
import { closeAlert } from '../src/lib/alerts';
import { sendContact } from '../src/features/outreach/api/outreach';
import { useSubmitMutation } from '../src/lib/submit-mutation';
import { renderApp } from './render';

const contact = { name: 'Ada', email: 'ada@example.com', message: 'Hello' } as Parameters<typeof sendContact>[0];

/** The server answers every call with this status and body. */
function answerWith(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
}

/** A button whose failure is shown nowhere on the page. */
function Unwatched() {
  const send = useSubmitMutation({ mutationFn: sendContact });
  return <Button onClick={() => send.mutate(contact)}>Send</Button>;
}

/** A form that shows its own failure beside the button. */
function Inline() {
  const send = useSubmitMutation({ mutationFn: sendContact });
  return (
    <>
      <Button onClick={() => send.mutate(contact)}>Send</Button>
      {send.error && <Text>{send.error.message}</Text>}
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  closeAlert();
});

describe('the global error event', () => {
  it("shows a 400 nobody handles in the alert dialog as 'Bad Request', with the server's message", async () => {
    answerWith(400, { error: 'Your message could not be sent.' });
    renderApp(
      <>
        <Unwatched />
        <AlertDialog />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Bad Request')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Your message could not be sent.');
  });

  it("titles any other failure 'Error'", async () => {
    answerWith(500, { error: 'Something went wrong on our side.' });
    renderApp(
      <>
        <Unwatched />
        <AlertDialog />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong on our side.');
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('leaves a failure the form shows inline to the form (no second copy in a dialog)', async () => {
    answerWith(400, { error: 'Your message could not be sent.' });
    renderApp(
      <>
        <Inline />
        <AlertDialog />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your message could not be sent.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByText('Bad Request')).toBeNull();
  });
});
