import * as api from '@tightlines/core/api/assistant';
import { credentials } from '../../http/auth';
import { route, type RouteEntry } from '../../http/routes';
import type { AssistantService } from './service';

export function assistantRoutes(assistant: AssistantService): RouteEntry[] {
  return [
    route(api.assistantLink, async ({ query }) => assistant.check(query)),
    route(api.createAssistantToken, ({ principal, body }) => assistant.issue(principal, body)),
    route(api.assistantTokens, ({ principal }) => assistant.links(principal)),
    route(api.revokeAssistantToken, async ({ principal, params }) => {
      await assistant.revoke(principal, params.id);
      return { success: true };
    }),
    route(api.fulfillment, ({ body, request }) => assistant.fulfil(body, credentials(request)?.token ?? null)),
  ];
}
