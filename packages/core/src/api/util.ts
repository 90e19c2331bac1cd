import { z } from 'zod';
import { contract } from './contract';

export const health = contract({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  summary: 'Liveness: answers while the process serves requests.',
  response: z.object({ status: z.literal('ok') }),
});

export const featureFlags = contract({
  method: 'GET',
  path: '/api/util/featureflags',
  access: 'public',
  summary: 'The feature flags switched on (FEATURE_FLAGS), e.g. ["FREEFORALL"].',
  response: z.array(z.string()),
});

export const appLinks = contract({
  method: 'GET',
  path: '/api/util/app-links',
  access: 'public',
  summary: 'Where to get the mobile apps: the iPhone app’s store page (IOS_APP_URL) and the Android app’s file (ANDROID_APP_URL); null when not set.',
  response: z.object({ iphone: z.string().nullable(), android: z.string().nullable() }),
});

export const port = contract({
  method: 'GET',
  path: '/api/port',
  access: 'public',
  summary: 'Where this server listens and is reached from outside (PORT, PUBLIC_URL); the seed’s clients ask it, its answer is not shown there.',
  response: z.object({ port: z.number().int(), publicUrl: z.string() }),
});
