import * as api from '@tightlines/core/api/events';
import { route, type RouteEntry } from '../../http/routes';
import type { CheckinService } from './checkin';
import type { RegistrationService } from './registration';

/** Registration and check-in (issue 15). */
export function registrationRoutes(registration: RegistrationService, checkin: CheckinService): RouteEntry[] {
  return [
    route(api.register, ({ params, body, principal }) => registration.register(principal, params.id, body)),
    route(api.checkin, ({ params, body, principal }) => checkin.checkin(principal, params.id, body)),
  ];
}
