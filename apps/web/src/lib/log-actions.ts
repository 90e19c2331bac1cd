import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@tightlines/core/messages';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from './alerts';
import { api, type ApiError } from './api';

type CanCreate = { allowed: boolean; used: number; limit: number | null; premium: boolean };

/** The seeds' browser lookup: 10 s to answer, and a fix up to 10 minutes old is good enough. */
function currentPosition(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error(messages.geolocationDisabled));
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => reject(new Error(messages.geolocationDisabled)),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  });
}

/** The header's Instant Draft: a Draft log here and now, to be completed later. */
export function useInstantDraft() {
  const client = useQueryClient();
  return async () => {
    let location: { lat: number; lng: number };
    try {
      location = await currentPosition();
    } catch {
      showError(messages.geolocationDisabled);
      return;
    }
    try {
      await api('POST', '/api/logs/create', { body: { type: 'Draft', location } });
    } catch (e) {
      const err = e as ApiError;
      showError(err.status === 403 ? messages.allowanceExceeded : err.message);
      return;
    }
    await client.invalidateQueries({ queryKey: ['logs'] });
    showSuccess(messages.draftCreated);
  };
}

/** Create Log asks first whether the allowance has room, so nobody fills in a form that cannot be saved. */
export function useCreateLog() {
  const navigate = useNavigate();
  return async () => {
    try {
      const answer = await api<CanCreate>('GET', '/api/logs/can-create');
      if (!answer.allowed) {
        showError(messages.allowanceExceeded);
        return;
      }
    } catch (e) {
      showError((e as ApiError).message);
      return;
    }
    await navigate('/create-log');
  };
}
