import { queryOptions, useQuery } from '@tanstack/react-query';
import * as billing from '@tightlines/core/api/billing';
import { call } from '../../../lib/api';

/** The member's saved cards, to pay the creation fee with one. */
export const savedCardsQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'cards'], queryFn: async () => (await call(billing.cards, { body: {} })).data });

export const useSavedCards = (enabled: boolean) => useQuery({ ...savedCardsQueryOptions(), enabled });
