import { queryOptions, useQuery } from '@tanstack/react-query';
import * as accounts from '@tightlines/core/api/accounts';
import * as payments from '@tightlines/core/api/event-payments';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api';

/** GET api/fc/event/muskie/{id}, or the default event's form when the address names none. */
export const muskieFormQueryOptions = (eventId: string | undefined) =>
  queryOptions({
    queryKey: ['events', 'muskie-form', eventId ?? 'default'],
    queryFn: async () => {
      const id = eventId ?? (await call(payments.muskieDefault))._id;
      return call(payments.muskieForm, { params: { id } });
    },
    retry: false,
  });

export const useMuskieForm = (eventId: string | undefined) => useQuery(muskieFormQueryOptions(eventId));

/** How long typing must pause before the address or name is looked up. */
const CHECK_DELAY_MS = 350;

/**
 * The live check of an e-mail or username (POST api/user/exists, api/username/exists): whether it
 * already belongs to an account. Null while unknown (blank, typing, off, or the lookup failed: the
 * server checks again on submit).
 */
export function useTaken(kind: 'email' | 'username', value: string, enabled: boolean): boolean | null {
  const [taken, setTaken] = useState<{ value: string; taken: boolean } | null>(null);
  const wanted = value.trim();
  useEffect(() => {
    if (!enabled || wanted === '') return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const lookup =
        kind === 'email'
          ? call(accounts.emailExists, { body: { email: wanted } })
          : call(accounts.usernameExists, { body: { username: wanted } });
      lookup.then(
        (answer) => {
          if (!cancelled) setTaken({ value: wanted, taken: answer.exists });
        },
        () => undefined,
      );
    }, CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [kind, wanted, enabled]);
  if (!enabled || wanted === '' || taken?.value !== wanted) return null;
  return taken.taken;
}
