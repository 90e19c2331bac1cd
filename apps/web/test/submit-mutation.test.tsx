import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSubmitMutation } from '../src/lib/submit-mutation';
import { renderApp } from './render';

/** A save that waits until the test lets it finish. */
function slowSave() {
  const sent: string[] = [];
  let finish: () => void = () => undefined;
  const save = (name: string) =>
    new Promise<string>((resolve) => {
      sent.push(name);
      finish = () => resolve(name);
    });
  return { sent, save, finish: () => finish() };
}

function SaveButton({ save }: { save: (name: string) => Promise<string> }) {
  const mutation = useSubmitMutation({ mutationFn: save });
  return (
    <Button onClick={() => mutation.mutate('Walleye')} loading={mutation.isPending}>
      Save
    </Button>
  );
}

describe('a submit while one is in flight', () => {
  it('sends once, however fast the second click comes', async () => {
    const server = slowSave();
    renderApp(<SaveButton save={server.save} />);
    const button = screen.getByRole('button', { name: 'Save' });

    // Both clicks land before React has drawn the button as loading.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-loading')).not.toBeNull());
    fireEvent.click(button);
    expect(server.sent).toEqual(['Walleye']);

    // Once the first has answered, the next submit goes out.
    server.finish();
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
    fireEvent.click(button);
    await waitFor(() => expect(server.sent).toEqual(['Walleye', 'Walleye']));
  });
});
