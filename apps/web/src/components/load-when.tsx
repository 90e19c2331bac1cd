import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its (lazily loaded) children from the first time `when` is true: a dialog's code, and the
 * parts of the component library it needs, load when it is first wanted rather than with the
 * page. Once loaded it stays mounted, so it can play its closing transition.
 */
export function LoadWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
