import { messages } from '@tightlines/core/messages';
import { useNavigate } from 'react-router';
import { showError } from '../../lib/alerts';

/** The header's Instant Draft: logging arrives with the logs feature, and until then it says so. */
export function useInstantDraft() {
  return () => showError(`Instant drafts: ${messages.notAvailableYet.toLowerCase()}.`, 'Not available yet');
}

export function useCreateLog() {
  const navigate = useNavigate();
  return () => void navigate('/create-log');
}
