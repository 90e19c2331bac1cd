import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/app';
import { routes } from './app/router';

/**
 * The HTML of a visitor's first screen at `url`, rendered at build time (scripts/prerender.mjs) so
 * the landing and login pages paint before their JavaScript arrives; main.tsx hydrates it. The same
 * routes and providers as the browser's, with the current user known to be nobody.
 */
export async function render(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status}): not a page to prerender.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={createQueryClient({ visitor: true })}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
