import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@tightlines/core/messages';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from './alerts';
import { ApiError, call } from './api';
import { approximatePosition } from './geolocation';
import { myLogsKey } from './my-logs';
import { useSubmitMutation } from './submit-mutation';

/**
 * The log contracts carry core's log and solunar modules; every page's header offers these actions,
 * so the contracts load on the first click rather than with the first screen.
 */
const logsApi = () => import('@tightlines/core/api/logs');

/**
 * The header's, the phone menu's and the dashboard's Instant Draft: a Draft log here and now, to be
 * completed later. `run` starts it; the buttons show `isPending`.
 */
export function useInstantDraft() {
  const client = useQueryClient();
  const mutation = useSubmitMutation({
    mutationFn: async () => {
      // The browser, else the server's fallback; "Geolocation no available" when nothing knows.
      const here = approximatePosition().catch((error: Error) => {
        throw new ApiError(0, error.message);
      });
      const [{ createLog }, location] = await Promise.all([logsApi(), here]);
      return call(createLog, { body: { type: 'Draft', location } });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: myLogsKey });
      showSuccess(messages.draftCreated);
    },
    onError: (err) => showError(err.status === 403 ? messages.allowanceExceeded : err.message),
  });
  return { run: () => mutation.mutate(), isPending: mutation.isPending };
}

/** Create Log asks first whether the allowance has room, so nobody fills in a form that cannot be saved. */
export function useCreateLog() {
  const navigate = useNavigate();
  const mutation = useSubmitMutation({
    mutationFn: async () => call((await logsApi()).canCreate),
    onSuccess: async (answer) => {
      if (answer.allowed) await navigate('/create-log');
      else showError(messages.allowanceExceeded);
    },
    onError: (err) => showError(err.message),
  });
  return { run: () => mutation.mutate(), isPending: mutation.isPending };
}
