import * as api from '@tightlines/core/api/tags';
import { route, type RouteEntry } from '../../http/routes';
import type { TagsService } from './service';

export function tagsRoutes(tags: TagsService): RouteEntry[] {
  return [
    route(api.myTags, ({ principal }) => tags.list(principal)),
    route(api.findTags, ({ principal, body }) => tags.find(principal, body.query)),
    route(api.addTag, ({ principal, body }) => tags.add(principal, body.tag)),
    route(api.removeTag, ({ principal, body }) => tags.remove(principal, body.tag)),
  ];
}
