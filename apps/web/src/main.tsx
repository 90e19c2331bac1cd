import './app/mantine-styles-first';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { createRouter } from './app/router';
import { shareStyleNonce } from './app/style-nonce';
import { session } from './lib/session';

shareStyleNonce();

const container = document.getElementById('root')!;
const queryClient = createQueryClient({ visitor: session.token() === null });

void createRouter().then((router) => {
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // A member's screen, or any page but the prerendered ones, whose visitors' islands run without the
  // app (src/islands.tsx): drawn afresh.
  container.replaceChildren();
  createRoot(container).render(app);
});
