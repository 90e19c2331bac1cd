import { Alert } from '@mantine/core';

/** The seeds show failed password calls in a soft error box above the form. */
export function SoftError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
