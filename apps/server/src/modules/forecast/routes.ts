import * as api from '@tightlines/core/api/forecast';
import { route, type RouteEntry } from '../../http/routes';
import type { AccountsService } from '../accounts/service';
import type { ForecastService } from './service';

export function forecastRoutes(forecast: ForecastService, accounts: AccountsService): RouteEntry[] {
  return [
    route(api.forecast, ({ params, principal }) => forecast.forecast(params.searchTerm, principal)),
    route(api.hourly, ({ body, principal }) => forecast.hourly(body.search, body.date, principal)),
    route(api.historic, ({ body, principal }) => forecast.historic(body.search, principal)),
    route(api.removeSearchTerm, async ({ body, principal }) => {
      await forecast.removeSearch(principal.userId, body.term);
      return accounts.viewOf(principal.userId);
    }),
    route(api.currentWeather, ({ body }) => forecast.current(body.lat, body.lng)),
    route(api.lunar, async ({ body }) => forecast.lunar(body.lat, body.lng, body.date ?? body.time)),
    route(api.lunarCurrent, async ({ body }) => forecast.lunar(body.lat, body.lng, body.time ?? body.date)),
    route(api.lunarPast, async ({ body }) => forecast.lunar(body.lat, body.lng, body.time ?? body.date)),
    route(api.lunarMonthly, async ({ query }) => forecast.monthly(query)),
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
