import { Button, Container, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A screen that failed to load (often a new release replacing old code files) offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : (error as Error | undefined)?.message;
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2">
        Something went wrong
      </Title>
      <Text mt="md">This page could not be shown. Reloading usually fixes it.</Text>
      {message && (
        <Text mt="xs" c="dimmed" size="sm">
          {message}
        </Text>
      )}
      <Button mt="lg" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Container>
  );
}
