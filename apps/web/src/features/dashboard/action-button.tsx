import { ActionIcon, Affix, Button, Stack, Transition } from '@mantine/core';
import { useClickOutside, useDisclosure } from '@mantine/hooks';
import { useCreateLog, useInstantDraft } from '../../lib/log-actions';

/** The floating action button: an instant draft or a full log, one thumb away on a phone. */
export function ActionButton() {
  const [open, toggle] = useDisclosure(false);
  const ref = useClickOutside(toggle.close);
  const instantDraft = useInstantDraft();
  const createLog = useCreateLog();
  return (
    <Affix position={{ bottom: 24, right: 24 }} ref={ref}>
      <Stack align="flex-end" gap="xs">
        <Transition mounted={open} transition="slide-up" duration={150}>
          {(style) => (
            <Stack gap="xs" align="flex-end" style={style}>
              <Button
                size="sm"
                variant="white"
                style={{ boxShadow: 'var(--mantine-shadow-md)' }}
                disabled={instantDraft.isPending}
                onClick={() => {
                  toggle.close();
                  instantDraft.run();
                }}
              >
                Instant Draft
              </Button>
              <Button
                size="sm"
                disabled={createLog.isPending}
                onClick={() => {
                  toggle.close();
                  createLog.run();
                }}
              >
                Create Log
              </Button>
            </Stack>
          )}
        </Transition>
        <ActionIcon size={56} radius="xl" onClick={toggle.toggle} aria-label={open ? 'Close log actions' : 'Log actions'} aria-expanded={open}>
          <span aria-hidden style={{ fontSize: 30, lineHeight: 1, transform: open ? 'rotate(45deg)' : undefined, transition: 'transform 150ms' }}>
            +
          </span>
        </ActionIcon>
      </Stack>
    </Affix>
  );
}
