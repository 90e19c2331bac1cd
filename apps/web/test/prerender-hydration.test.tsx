import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { identifierPrefix, IslandProviders, islands } from '../src/app/islands';
import type { IslandName } from '../src/components/island';
import { render } from '../src/prerender';

// The page's nonce, the same for the build's render and the browser's (the server writes one into both).
vi.mock('../src/app/style-nonce', () => ({ styleNonce: 'nonce', getStyleNonce: () => 'nonce', shareStyleNonce: () => {} }));

let roots: Root[] = [];
afterEach(() => {
  act(() => roots.forEach((root) => root.unmount()));
  roots = [];
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

// The build prerenders these screens (apps/web/scripts/prerender.mjs) and src/islands.tsx hydrates
// their islands. React (in development, as here) reports any difference between that HTML and an
// island's first render: text, attributes, the ids of labels and inputs. Each would leave the page wrong.
it.each([
  ['/', 'Know when the fish bite.', ['register', 'videos', 'newsletter'], 'Register'],
  ['/login-register?action=login', 'Welcome back', ['login-register', 'newsletter'], 'Login'],
])('a visitor’s islands take over the prerendered %s as it is', async (url, heading, names, form) => {
  const { html, title } = await render(url);
  expect(html).toContain(heading);
  expect(title).toBe(url === '/' ? 'Fishing logs that remember everything · Tightlines' : 'Login · Tightlines');
  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const heading1 = container.querySelector('h1');
  const button = container.querySelector(`form[aria-label="${form}"] button[type="submit"]`);
  const boxes = [...container.querySelectorAll<HTMLElement>('[data-island]')];
  expect(boxes.map((box) => box.dataset.island)).toEqual(names);

  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args.join(' ')));
  await act(async () => {
    for (const box of boxes) {
      const name = box.dataset.island as IslandName;
      const Island = islands[name];
      roots.push(
        hydrateRoot(
          box,
          <StrictMode>
            <IslandProviders>
              <Island />
            </IslandProviders>
          </StrictMode>,
          { identifierPrefix: identifierPrefix(name), onRecoverableError: (error) => errors.push(error) },
        ),
      );
    }
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
  // The same elements, kept rather than drawn again.
  expect(container.querySelector('h1')).toBe(heading1);
  expect(container.querySelector(`form[aria-label="${form}"] button[type="submit"]`)).toBe(button);
  expect(heading1?.textContent).toBe(heading);
});
