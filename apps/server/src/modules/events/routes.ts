import * as api from '@tightlines/core/api/events';
import { route, type RouteEntry } from '../../http/routes';
import { sendStored } from '../../http/stored-answer';
import type { FishService } from './fish';
import type { EventsService } from './service';

export function eventsRoutes(events: EventsService, fish: FishService): RouteEntry[] {
  return [
    route(api.events, async ({ query, request, reply }) => sendStored(request, reply, await events.listPage(query, (items) => reply.serialize(items)))),
    route(api.event, ({ params, principal }) => events.view(principal, params.id)),
    route(api.eventDraft, ({ body, principal }) => events.saveDraft(principal, body)),
    route(api.createEvent, ({ body, principal }) => events.create(principal, body)),
    route(api.eventDates, ({ params, body, principal }) => events.moveDates(principal, params.id, body)),
    route(api.pointRuleSetting, ({ params, principal }) => events.pointRule(principal, params.id)),
    route(api.myEvents, ({ principal }) => events.mine(principal)),
    // Fish entry (part 2).
    route(api.enterFish, ({ params, body, principal }) => fish.enter(principal, params.id, body)),
  ];
}
