import { lazy } from 'react';
import { LoadWhen } from '../components/load-when';
import { shownLog } from '../lib/log-modal';
import { useStore } from '../lib/store';

const LogDialog = lazy(() => import('./log-dialog').then((m) => ({ default: m.LogDialog })));

/** The log dialog, loaded the first time a log is opened over a page. */
export function LogModal() {
  const id = useStore(shownLog);
  return (
    <LoadWhen when={id !== null}>
      <LogDialog />
    </LoadWhen>
  );
}
