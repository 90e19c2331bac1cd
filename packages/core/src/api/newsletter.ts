import { z } from 'zod';
import { emailRule } from '../accounts';
import { messages } from '../messages';
import { contract, jsonBody } from './contract';

const state = z.object({ subscribed: z.boolean(), pending: z.boolean(), message: z.string() });
const tokenBody = z.object({ token: z.string({ error: 'That link is not valid.' }).trim().min(1, 'That link is not valid.').max(200, 'That link is not valid.') });

export const newsletterStatus = contract({
  method: 'GET',
  path: '/api/user/mailchimp',
  access: 'member',
  summary: 'Whether the member receives the newsletter.',
  response: z.object({ subscribed: z.boolean() }),
});

export const newsletterSubscribe = contract({
  method: 'POST',
  path: '/api/user/mailchimp/subscribe',
  access: 'public',
  summary:
    'Subscribes. A member: at once, no body. A visitor: `email`, pending until the mailed confirmation link is followed (double opt-in); rate-limited per client. A confirmation mail that could not be sent answers 502 `{error}` saying so.',
  body: jsonBody(z.object({ email: z.string({ error: messages.emailInvalid }).pipe(emailRule).optional() })),
  response: state,
});

export const newsletterUnsubscribe = contract({
  method: 'POST',
  path: '/api/user/mailchimp/unsubscribe',
  access: 'member',
  summary: 'Takes the member off the newsletter.',
  response: state,
});

export const newsletterConfirm = contract({
  method: 'POST',
  path: '/api/newsletter/confirm',
  access: 'public',
  summary: 'Confirms a visitor’s subscription with the token of the mailed link (/newsletter?confirm=…).',
  body: jsonBody(tokenBody),
  response: state,
});

export const newsletterUnsubscribeByLink = contract({
  method: 'POST',
  path: '/api/newsletter/unsubscribe',
  access: 'public',
  summary: 'Unsubscribes with the token every newsletter mail carries (/newsletter?unsubscribe=…), without signing in.',
  body: jsonBody(tokenBody),
  response: state,
});
