import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from './components/island';
import { identifierPrefix, IslandProviders, islands } from './app/islands';
import { session } from './lib/session';

// The prerendered landing and login pages' script (scripts/prerender.mjs). A visitor's page is
// static HTML but for its islands (the forms), each hydrated here on its own, without the app's
// router, query cache or shell: the page's links load their page, where the app runs. A member's
// screen differs from that HTML, so the app (src/main.tsx) draws it instead.

declare global {
  interface Window {
    /** Forms sent before their island ran (public/held-submits.js). */
    tightlinesHeldSubmits?: HTMLFormElement[];
  }
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

/**
 * Gives the island what was typed before it ran: React starts from the empty fields of the HTML
 * and would clear them on its next render. Each changed field is replayed as the user's own input
 * (React notices a change against the value it last saw), then a form sent meanwhile is sent again.
 */
function carryOver(container: HTMLElement) {
  for (const input of container.querySelectorAll('input')) {
    if (input.type === 'checkbox' || input.type === 'radio') {
      if (input.checked === input.defaultChecked) continue;
      const typed = input.checked;
      input.checked = !typed;
      input.click();
    } else if (input.value !== input.defaultValue) {
      const typed = input.value;
      input.value = input.defaultValue;
      valueSetter.call(input, typed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  container.setAttribute('data-live', '');
  const held = window.tightlinesHeldSubmits ?? [];
  for (const form of held.filter((f) => container.contains(f))) {
    held.splice(held.indexOf(form), 1);
    // After React has rendered what the replayed input set.
    setTimeout(() => form.requestSubmit());
  }
}

function Live({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => carryOver(container), [container]);
  return children;
}

/** The header's menu button at phone widths: opens the menu over the page, as the app's shell does. */
function phoneMenu() {
  const burger = document.querySelector<HTMLButtonElement>('header button[aria-label="Open the menu"]');
  const menu = document.querySelector<HTMLElement>('nav[aria-label="Mobile menu"]');
  if (!burger || !menu) return;
  const desktop = window.matchMedia('(min-width: 48em)');
  const show = (open: boolean) => {
    burger.firstElementChild?.toggleAttribute('data-opened', open);
    menu.inert = !open;
    if (open) menu.removeAttribute('aria-hidden');
    else menu.setAttribute('aria-hidden', 'true');
    if (open) menu.style.setProperty('--app-shell-navbar-transform', 'none');
    else menu.style.removeProperty('--app-shell-navbar-transform');
  };
  burger.addEventListener('click', () => show(menu.inert));
  desktop.addEventListener('change', () => show(false));
}

const root = document.getElementById('root')!;
if (session.token() !== null) {
  void import(/* @vite-ignore */ root.dataset.app!);
} else {
  phoneMenu();
  for (const container of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = container.dataset.island as IslandName;
    const Island = islands[name];
    // In a transition, so React yields to the browser every few milliseconds.
    startTransition(() => {
      hydrateRoot(
        container,
        <IslandProviders>
          <Live container={container}>
            <Island />
          </Live>
        </IslandProviders>,
        { identifierPrefix: identifierPrefix(name) },
      );
    });
  }
}
