import { Container, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Tightlines`;
  }, [title]);
}

export function Page({ title, children, size = 'md' }: { title: string; children: ReactNode; size?: string }) {
  usePageTitle(title);
  return (
    <Container size={size} py="lg">
      <Title order={1} size="h2" mb="md">
        {title}
      </Title>
      {children}
    </Container>
  );
}
