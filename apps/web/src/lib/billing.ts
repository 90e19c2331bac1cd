import { queryOptions, useQuery } from '@tanstack/react-query';
import * as billing from '@tightlines/core/api/billing';
import type { CallInput } from '@tightlines/core/api/contract';
import { call } from './api';

/** The plans and how cards are taken (test mode or Stripe); registration and the billing screens share them. */
export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'plans'], queryFn: () => call(billing.plans), staleTime: 10 * 60_000 });
export const usePlans = () => useQuery(plansQueryOptions());

export const checkCoupon = (coupon: string) => call(billing.getCoupon, { body: { coupon } });
export const testCardToken = (body: CallInput<typeof billing.testToken>['body']) => call(billing.testToken, { body });
