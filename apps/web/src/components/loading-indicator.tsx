import { Loader } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { inflight } from '../lib/api';
import { useStore } from '../lib/store';

/** Shown while any request runs, as the seeds' global spinner. */
export function LoadingIndicator() {
  const requests = useStore(inflight);
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const busy = requests + fetching + mutating > 0;
  if (!busy) return null;
  return (
    <Loader
      size="sm"
      color="lake"
      role="progressbar"
      aria-label="Loading"
      style={{ position: 'fixed', top: 14, right: 14, zIndex: 1000 }}
    />
  );
}
