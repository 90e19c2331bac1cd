import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { closeLog, shownLog } from '../lib/log-modal';
import { useStore } from '../lib/store';

// The details (and the map code they draw) load the first time a log is opened.
const LogModalBody = lazy(() => import('./log-modal-body').then((m) => ({ default: m.LogModalBody })));

const loading = (
  <Center py="xl">
    <Loader aria-label="Loading the log" />
  </Center>
);

/** A log at a glance, over the page that lists it; full screen on phones. Leaving the page closes it. */
export function LogDialog() {
  const id = useStore(shownLog);
  const { pathname } = useLocation();
  const phone = useMediaQuery('(max-width: 37.5em)', false, { getInitialValueInEffect: false });

  useEffect(() => closeLog, [pathname]);

  return (
    <Modal
      opened={id !== null}
      onClose={closeLog}
      size="xl"
      fullScreen={phone}
      title="Fishing Log"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {id !== null && (
        <Suspense fallback={loading}>
          <LogModalBody id={id} />
        </Suspense>
      )}
    </Modal>
  );
}
