import { z } from 'zod';
import { assistantResponse } from '../assistant';
import { contract, jsonBody } from './contract';

const linkRequest = z.object({
  client_id: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
});

export const assistantLink = contract({
  method: 'GET',
  path: '/api/assistant/link',
  access: 'public',
  summary: 'Whether account linking is on and this client_id and redirect_uri are the configured ones (the google-actions login page asks first).',
  query: linkRequest,
  response: z.object({ enabled: z.boolean(), valid: z.boolean() }),
});

export const createAssistantToken = contract({
  method: 'POST',
  path: '/api/user/create/googleActionsToken',
  access: 'member',
  summary:
    'Issues a token scoped to the voice assistant (never a web session). With client_id and redirect_uri (both checked against the settings), also the redirect with access_token, token_type and state in the fragment.',
  body: jsonBody(linkRequest),
  response: z.object({ token: z.string(), token_type: z.literal('bearer'), redirect: z.string().nullable() }),
});

export const assistantTokens = contract({
  method: 'GET',
  path: '/api/user/assistant-tokens',
  access: 'member',
  summary: 'The voice assistant links of the member (My Account lists them to revoke).',
  response: z.array(z.object({ id: z.string(), clientId: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
});

export const revokeAssistantToken = contract({
  method: 'DELETE',
  path: '/api/user/assistant-tokens/:id',
  access: 'member',
  summary: 'Revokes one assistant link: its token stops working at once.',
  params: z.object({ id: z.uuid('No assistant link was found with that id.') }),
  response: z.object({ success: z.literal(true) }),
});

export const fulfillment = contract({
  method: 'POST',
  path: '/api/assistant/fulfillment',
  access: 'public',
  summary:
    'The assistant’s webhook: a Dialogflow ES webhook request or an Alexa Skills Kit request, authenticated by an assistant token (Authorization header, or the token the platform puts in the body); web session tokens are refused. Answers plain speech in the same format.',
  body: z.record(z.string(), z.unknown()),
  response: assistantResponse,
});
