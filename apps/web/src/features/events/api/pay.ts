import { queryOptions, useQuery } from '@tanstack/react-query';
import * as billing from '@tightlines/core/api/billing';
import { call } from '../../../lib/api';

/** The member's saved cards, to pay the creation fee with one. */
export const savedCardsQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'cards'], queryFn: async () => (await call(billing.cards, { body: {} })).data });

export const useSavedCards = (enabled: boolean) => useQuery({ ...savedCardsQueryOptions(), enabled });

/**
 * A card typed into the checkout, as a processor token. The built-in test processor tokenises on
 * the server (test cards only); with Stripe configured that call is 404 and a saved card is needed.
 */
export async function cardToken(entry: { number: string; expiry: string; cvc: string }): Promise<string> {
  const [month = '', year = ''] = entry.expiry.split('/').map((part) => part.trim());
  const { token } = await call(billing.testToken, {
    body: { number: entry.number.replace(/\s+/g, ''), exp_month: Number(month), exp_year: Number(year), cvc: entry.cvc.trim() },
  });
  return token;
}
