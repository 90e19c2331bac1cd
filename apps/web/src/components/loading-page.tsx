import { Center, Loader } from '@mantine/core';

export function LoadingPage() {
  return (
    <Center py={80} aria-busy="true">
      <Loader aria-label="Loading page" />
    </Center>
  );
}
