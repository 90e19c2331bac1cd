import './app/mantine-styles-first';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { createRouter } from './app/router';
import { shareStyleNonce } from './app/style-nonce';
import { session } from './lib/session';

shareStyleNonce();

const container = document.getElementById('root')!;
const visitor = session.token() === null;
const queryClient = createQueryClient({ visitor });

void createRouter().then((router) => {
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // The landing and login pages come prerendered for a visitor (apps/server/src/http/web.ts): the
  // app takes over that HTML, in a transition so that React yields to the browser every few
  // milliseconds instead of holding the main thread for the whole page. A member's screen differs
  // from it, so it is drawn afresh.
  if (container.hasAttribute('data-prerendered') && visitor) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
});
