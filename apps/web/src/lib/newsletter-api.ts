import { call } from './api';

/** Every page's footer offers the newsletter: its contracts (and zod) load on first use, not with the first screen. */
const newsletterApi = () => import('@tightlines/core/api/newsletter');

export const getNewsletterStatus = async () => call((await newsletterApi()).newsletterStatus);
export const subscribe = async (email?: string) => call((await newsletterApi()).newsletterSubscribe, { body: email ? { email } : {} });
export const unsubscribe = async () => call((await newsletterApi()).newsletterUnsubscribe);
export const confirm = async (token: string) => call((await newsletterApi()).newsletterConfirm, { body: { token } });
export const unsubscribeByLink = async (token: string) => call((await newsletterApi()).newsletterUnsubscribeByLink, { body: { token } });
