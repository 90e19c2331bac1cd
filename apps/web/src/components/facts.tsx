import type { ReactNode } from 'react';
import classes from './facts.module.css';

/** Labelled readings in a grid that wraps to the space it has. */
export function Facts({ items, label }: { items: [string, ReactNode][]; label?: string }) {
  return (
    <dl className={classes.facts} aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

