import { createContext, useContext, type ReactNode } from 'react';

/** The names of the prerendered pages' interactive parts, each hydrated on its own (src/islands.tsx). */
export type IslandName = 'register' | 'videos' | 'login-register' | 'newsletter';

/** True while the build prerenders a page (src/prerender.tsx): each island is then rendered on its own. */
export const PrerenderingIslands = createContext(false);

/**
 * One interactive part of a prerendered page: in the app, its children, in a box that takes no room
 * of its own; at build time an empty box of the same kind, which the build fills with the island's
 * own render (src/prerender.tsx), the HTML that src/islands.tsx hydrates.
 */
export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  const prerendering = useContext(PrerenderingIslands);
  return (
    <div data-island={name} style={{ display: 'contents' }}>
      {prerendering ? null : children}
    </div>
  );
}
