import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as billingContracts from '@tightlines/core/api/billing';
import type { AnswerOf, CallInput } from '@tightlines/core/api/contract';
import { call } from './api';

/** The registration form is on the landing: the billing contracts (and zod) load with its first billing call. */
const billingApi = () => import('@tightlines/core/api/billing');

/** The plans and how cards are taken (test mode or Stripe); registration and the billing screens share them. */
export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'plans'], queryFn: async () => call((await billingApi()).plans), staleTime: 10 * 60_000 });
export type Plans = AnswerOf<typeof billingContracts.plans>;
export const usePlans = (enabled = true) => useQuery({ ...plansQueryOptions(), enabled });

export const checkCoupon = async (coupon: string) => call((await billingApi()).getCoupon, { body: { coupon } });
export const testCardToken = async (body: CallInput<typeof billingContracts.testToken>['body']) => call((await billingApi()).testToken, { body });

/** The organiser's Stripe Connect account; read again when the tab regains focus (onboarding runs in another tab). */
export const connectStatusQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'connect'], queryFn: async () => call((await billingApi()).connectStatus), refetchOnWindowFocus: 'always' });
export const useConnectStatus = (enabled = true) => useQuery({ ...connectStatusQueryOptions(), enabled });
/** A fresh onboarding address (GET api/billing/connect-stripe). */
export const connectStripeUrl = async () => call((await billingApi()).connectStripe);
export const completeTestOnboarding = async (account: string) => call((await billingApi()).connectTestComplete, { body: { account } });
