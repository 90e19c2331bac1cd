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

/** The organiser's Stripe Connect account; read again when the tab regains focus (onboarding runs in another tab). */
export const connectStatusQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'connect'], queryFn: () => call(billing.connectStatus), refetchOnWindowFocus: 'always' });
export const useConnectStatus = (enabled = true) => useQuery({ ...connectStatusQueryOptions(), enabled });
/** A fresh onboarding address (GET api/billing/connect-stripe). */
export const connectStripeUrl = () => call(billing.connectStripe);
export const completeTestOnboarding = (account: string) => call(billing.connectTestComplete, { body: { account } });
