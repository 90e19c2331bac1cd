import { useQueryClient } from '@tanstack/react-query';
import * as circle from '@tightlines/core/api/circle';
import type { CircleFilters } from '@tightlines/core/circle';
import { call } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { circleKey } from './circle-keys';

/** Every change to a circle refreshes every circle query: lists, counts and the feed. */
function useCircleMutation<T, V>(send: (input: V) => Promise<T>) {
  const client = useQueryClient();
  return useSubmitMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: circleKey }) });
}

export const useAddToCircle = () => useCircleMutation((user: string) => call(circle.addToCircle, { body: { user } }));
export const useRemoveFromCircle = () => useCircleMutation((username: string) => call(circle.removeFromCircle, { body: { username } }));
export const useLeaveCircle = () => useCircleMutation((username: string) => call(circle.leaveCircle, { body: { username } }));
export const useEditCircleMember = () =>
  useCircleMutation((member: { username: string; _id: string; filters: CircleFilters }) => call(circle.editCircleMember, { body: member }));
