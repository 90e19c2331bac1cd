import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/app';
import { identifierPrefix, IslandProviders, islands } from './app/islands';
import { PrerenderingIslands, type IslandName } from './components/island';
import { PageHead } from './components/page';
import { routes } from './app/router';

/**
 * The HTML of a visitor's first screen at `url`, rendered at build time (scripts/prerender.mjs) so
 * the landing and login pages paint before their JavaScript arrives, with the page's title and
 * description. The same routes and providers as the browser's, with the current user known to be
 * nobody; each island (components/island.tsx) is rendered on its own into its box, as
 * src/islands.tsx hydrates it.
 */
export async function render(url: string): Promise<{ html: string; title: string; description: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status}): not a page to prerender.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head = { title: '', description: '' };
  const page = renderToString(
    <PrerenderingIslands value={true}>
      <PageHead value={(title, description) => Object.assign(head, { title, description })}>
        <AppProviders queryClient={createQueryClient({ visitor: true })}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </PageHead>
    </PrerenderingIslands>,
  );
  const html = page.replace(/(<div data-island="([a-z-]+)"[^>]*>)(<\/div>)/g, (_, open: string, name: IslandName, close: string) => {
    const island = renderToString(<IslandProviders>{islands[name]()}</IslandProviders>, { identifierPrefix: identifierPrefix(name) });
    return open + island + close;
  });
  return { html, ...head };
}
