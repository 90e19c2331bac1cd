import { Container, Title } from '@mantine/core';
import { pageMeta } from '@tightlines/core/site';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';

const DEFAULT_DESCRIPTION = 'Tightlines: fishing logs with automatic weather, moon and lake data, forecasts, and fishing events.';

/** Told the page's title and description while the build prerenders it (src/prerender.tsx), which puts them in its HTML. */
export const PageHead = createContext<((title: string, description: string) => void) | null>(null);

/** The tab title, and for the public pages the description search engines show (core/site). */
export function usePageTitle(title: string) {
  const { pathname } = useLocation();
  const fullTitle = `${title} · Tightlines`;
  const description = pageMeta(pathname)?.description ?? DEFAULT_DESCRIPTION;
  useContext(PageHead)?.(fullTitle, description);
  useEffect(() => {
    document.title = fullTitle;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [fullTitle, description]);
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
