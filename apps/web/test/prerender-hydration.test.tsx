import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { App, createQueryClient } from '../src/app/app';
import { createRouter } from '../src/app/router';
import { render } from '../src/prerender';

// The page's nonce, the same for the build's render and the browser's (the server writes one into both).
vi.mock('../src/app/style-nonce', () => ({ styleNonce: 'nonce', getStyleNonce: () => 'nonce', shareStyleNonce: () => {} }));

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

// The build prerenders these screens (apps/web/scripts/prerender.mjs) and main.tsx hydrates them.
// React (in development, as here) reports any difference between that HTML and the app's first
// render: text, attributes, the ids of labels and inputs. Each would leave the page wrong.
it.each([
  ['/', 'Know when the fish bite.'],
  ['/login-register?action=login', 'Welcome back'],
])('a visitor’s app takes over the prerendered %s as it is', async (url, heading) => {
  const html = await render(url);
  expect(html).toContain(heading);
  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const heading1 = container.querySelector('h1');

  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args.join(' ')));
  const router = await createRouter();
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queryClient={createQueryClient({ visitor: true })} />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });

  // React's report lists each difference as a pair of lines, `+ client`, `- server`. The nonce is
  // the one expected: a browser hides an element's nonce once parsed (happy-dom too), so React finds
  // none there, though the server wrote the page's own into both.
  const differences = errors.flatMap((error) =>
    String(error instanceof Error ? error.message : error)
      .split('\n')
      .filter((line) => /^[+-] {2,}\S/.test(line) && !/^[+-] +nonce=/.test(line)),
  );
  expect(differences).toEqual([]);
  expect(errors.filter((error) => !String(error).includes('nonce='))).toEqual([]);
  // The same element, kept rather than drawn again.
  expect(container.querySelector('h1')).toBe(heading1);
  expect(heading1?.textContent).toBe(heading);
});
