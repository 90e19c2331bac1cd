import { lazy, useEffect } from 'react';
import { alerts, showError } from '../lib/alerts';
import { ApiErrorEvent, apiErrors } from '../lib/api';
import { useStore } from '../lib/store';
import { LoadWhen } from './load-when';

const AlertModal = lazy(() => import('./alert-modal').then((m) => ({ default: m.AlertModal })));

/** The app's one alert dialog: what lib/alerts holds, and the global error event of a failed call. */
export function AlertDialog() {
  const alert = useStore(alerts);
  useEffect(() => {
    const show = (event: Event) => {
      if (event instanceof ApiErrorEvent) showError(event.error.message, event.title);
    };
    apiErrors.addEventListener('error', show);
    return () => apiErrors.removeEventListener('error', show);
  }, []);
  return (
    <LoadWhen when={alert !== null}>
      <AlertModal />
    </LoadWhen>
  );
}
