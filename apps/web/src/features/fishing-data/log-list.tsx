import { Button, Center, Text } from '@mantine/core';
import type { LogView } from '@tightlines/core/logs';
import { useEffect, useRef, useState } from 'react';
import { LogTile } from './log-tile';
import classes from './fishing-data.module.css';

type Props = {
  logs: readonly LogView[];
  total: number;
  selected: ReadonlySet<string>;
  rated: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onToggle: (id: string) => void;
  onOpen: (log: LogView) => void;
};

/** Every tile has the same height, so a row's place follows from its index. */
const ROW = 124;
const GAP = 8;
/** Rows drawn above and below the visible ones, so fast scrolling never shows a blank. */
const OVERSCAN = 6;
/** How close to the end of the loaded logs the next page is asked for. */
const PREFETCH_ROWS = 15;

/**
 * The logs, 50 at a time from the server, as a windowed list: only the rows in view (and a few
 * around them) are in the page, so ten thousand loaded logs scroll as smoothly as ten. The next
 * page loads as the end comes near; a "Load more" button does the same for keyboards.
 * The list scrolls in its own box from tablets up, and with the page on phones; the window is
 * measured against whichever clips it.
 */
export function LogList({ logs, total, selected, rated, hasMore, loadingMore, onLoadMore, onToggle, onOpen }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState({ from: 0, to: 20 });

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (!scroller.current || !body.current) return;
      const box = scroller.current.getBoundingClientRect();
      const top = body.current.getBoundingClientRect().top;
      const visibleTop = Math.max(box.top, 0) - top;
      const visibleBottom = Math.min(box.bottom, window.innerHeight) - top;
      const from = Math.max(0, Math.floor(visibleTop / ROW) - OVERSCAN);
      const to = Math.max(from, Math.ceil(visibleBottom / ROW) + OVERSCAN);
      setRange((r) => (r.from === from && r.to === to ? r : { from, to }));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    // Capturing sees the list box's own scroll events as well as the page's.
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, []);

  const nearEnd = range.to >= logs.length - PREFETCH_ROWS;
  useEffect(() => {
    if (nearEnd && hasMore && !loadingMore) onLoadMore();
  }, [nearEnd, hasMore, loadingMore, onLoadMore]);

  return (
    <div ref={scroller} className={classes.list}>
      {/* A feed may hold only its articles: the Load more button stays outside it. */}
      <div ref={body} role="feed" aria-busy={loadingMore} aria-label="Your logs" style={{ position: 'relative', height: logs.length * ROW - GAP }}>
        {logs.slice(range.from, range.to).map((log, k) => {
          const index = range.from + k;
          return (
            <div key={log._id} style={{ position: 'absolute', top: index * ROW, left: 0, right: 0, height: ROW - GAP }}>
              <LogTile log={log} position={index + 1} setSize={total} selected={selected.has(log._id)} rated={rated} onToggle={onToggle} onOpen={onOpen} />
            </div>
          );
        })}
      </div>
      {hasMore ? (
        <Center py="sm">
          <Button variant="default" loading={loadingMore} onClick={onLoadMore}>
            Load more ({logs.length} of {total})
          </Button>
        </Center>
      ) : (
        logs.length > 50 && (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            All {total} logs are shown.
          </Text>
        )
      )}
    </div>
  );
}
