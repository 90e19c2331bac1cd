import {
  historicInput,
  hourlyInput,
  icalInput,
  monthlyQuery,
  placedInput,
  removeSearchInput,
  searchTermRule,
} from '@tightlines/core/forecast';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../lib/auth';
import { parse } from '../../lib/errors';
import type { AccountsService } from '../accounts/service';
import type { ForecastService } from './service';

export function forecastRoutes(app: FastifyInstance, forecast: ForecastService, accounts: AccountsService) {
  const viewer = async (request: FastifyRequest) => {
    if (!request.session) return null;
    const { premium } = await accounts.premiumOf(request.session.user.id);
    return { userId: request.session.user.id, premium };
  };

  app.get<{ Params: { searchTerm: string } }>('/api/weather/forecast/:searchTerm', async (request) =>
    forecast.forecast(parse(searchTermRule, request.params.searchTerm), await viewer(request)),
  );

  app.post('/api/weather/forecast/hourly', async (request) => {
    const input = parse(hourlyInput, request.body);
    return forecast.hourly(input.search, input.date, await viewer(request));
  });

  app.post('/api/weather/historic/forecast', async (request) =>
    forecast.historic(parse(historicInput, request.body).search, await viewer(request)),
  );

  app.post('/api/weather/remove-search-term', async (request) => {
    const { user } = requireSession(request);
    await forecast.removeSearch(user.id, parse(removeSearchInput, request.body).term);
    return accounts.view(user);
  });

  app.post('/api/weather/current', async (request) => {
    const { lat, lng } = parse(placedInput, request.body);
    return forecast.current(lat, lng);
  });

  app.post('/api/weather/lunar', async (request) => {
    const input = parse(placedInput, request.body);
    return forecast.lunar(input.lat, input.lng, input.date ?? input.time);
  });
  app.post('/api/lunar/aeris/current', async (request) => {
    const input = parse(placedInput, request.body);
    return forecast.lunar(input.lat, input.lng, input.time ?? input.date);
  });
  app.post('/api/lunar/aeris/past', async (request) => {
    const input = parse(placedInput, request.body);
    return forecast.lunar(input.lat, input.lng, input.time ?? input.date);
  });

  app.post('/api/lunar/aeris/monthly', async (request) => forecast.monthly(parse(monthlyQuery, request.query)));

  app.post('/api/calendar/ical', async (request, reply) => {
    const input = parse(icalInput, request.body);
    const text = await forecast.calendar(input.location, input.alertType);
    const file = input.alertType === 'Lunar Event' ? 'tightlines-solunar.ics' : 'tightlines-hourly-weather.ics';
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(text);
  });
}
