import * as api from '@tightlines/core/api/forecast';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../access/principal';
import { clientKey } from '../../http/client-key';
import { route, type RouteEntry } from '../../http/routes';
import { sendStored } from '../../http/stored-answer';
import type { QuotasService } from '../quotas/service';
import type { AccountsService } from '../accounts/service';
import type { ForecastService } from './service';

export function forecastRoutes(forecast: ForecastService, accounts: AccountsService, quotas: QuotasService): RouteEntry[] {
  /** Weather lookups reach an outside service: a member's count, or a visitor's network's. */
  const lookup = (principal: Principal | null, request: FastifyRequest) => quotas.spend(principal ?? { client: clientKey(request.ip) }, 'weather');
  return [
    route(api.forecast, async ({ params, principal, request, reply }) => {
      if (!principal) {
        // A visitor's forecast already built costs no lookup: only building one counts.
        const kept = forecast.keptVisitorForecast(params.searchTerm);
        if (kept) return sendStored(request, reply, kept);
        await lookup(null, request);
        return sendStored(request, reply, await forecast.visitorForecast(params.searchTerm, (answer) => reply.serialize(answer)));
      }
      await lookup(principal, request);
      return forecast.forecast(params.searchTerm, principal);
    }),
    route(api.hourly, async ({ body, principal, request }) => {
      await lookup(principal, request);
      return forecast.hourly(body.search, body.date, principal);
    }),
    route(api.historic, async ({ body, principal, request }) => {
      await lookup(principal, request);
      return forecast.historic(body.search, principal);
    }),
    route(api.removeSearchTerm, async ({ body, principal }) => {
      await forecast.removeSearch(principal.userId, body.term);
      return accounts.viewOf(principal.userId);
    }),
    route(api.currentWeather, async ({ body, principal, request }) => {
      await lookup(principal, request);
      return forecast.current(body.lat, body.lng);
    }),
    route(api.lunar, async ({ body }) => forecast.lunar(body.lat, body.lng, body.date ?? body.time)),
    route(api.lunarCurrent, async ({ body }) => forecast.lunar(body.lat, body.lng, body.time ?? body.date)),
    route(api.lunarPast, async ({ body }) => forecast.lunar(body.lat, body.lng, body.time ?? body.date)),
    route(api.lunarMonthly, async ({ query, request, reply }) => sendStored(request, reply, forecast.monthly(query, (days) => reply.serialize(days)))),
    route(api.calendar, async ({ body, reply }) => {
      const text = await forecast.calendar(body.location, body.alertType);
      const file = body.alertType === 'Lunar Event' ? 'tightlines-solunar.ics' : 'tightlines-hourly-weather.ics';
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(text);
    }),
  ];
}
