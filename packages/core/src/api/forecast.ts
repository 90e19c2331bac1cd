import { z } from 'zod';
import { userView } from '../accounts';
import {
  historicInput,
  hourlyInput,
  icalInput,
  lunarView,
  monthlyLunarDay,
  monthlyQuery,
  placedInput,
  placeView,
  removeSearchInput,
  searchTermRule,
} from '../forecast';
import { forecastDaySchema, historicDaySchema, hourlyEntrySchema, weatherCurrentSchema } from '../weather';
import { contract, jsonBody, raw } from './contract';

export const forecast = contract({
  method: 'GET',
  path: '/api/weather/forecast/:searchTerm',
  access: 'public',
  summary:
    'Current weather, 7 solunar days and (premium) the 7-day forecast of a ZIP code or "city, state"; a member’s search is saved.',
  params: z.object({ searchTerm: searchTermRule }),
  response: z.object({
    location: placeView,
    weatherCurrent: weatherCurrentSchema.nullable(),
    weatherForecast: z.array(forecastDaySchema),
    weatherError: z.string().nullable(),
    lunar: z.array(lunarView),
    locked: z.object({ extended: z.boolean(), historic: z.boolean() }),
  }),
});

export const hourly = contract({
  method: 'POST',
  path: '/api/weather/forecast/hourly',
  access: 'public',
  summary: 'The hours of one day at a searched place: today for everyone, other days for premium members.',
  body: jsonBody(hourlyInput),
  response: z.array(hourlyEntrySchema),
});

export const historic = contract({
  method: 'POST',
  path: '/api/weather/historic/forecast',
  access: 'public',
  summary: 'The past 7 days’ weather at a searched place (premium).',
  body: jsonBody(historicInput),
  response: z.array(historicDaySchema),
});

export const removeSearchTerm = contract({
  method: 'POST',
  path: '/api/weather/remove-search-term',
  access: 'member',
  summary: 'Forgets a saved forecast search; answers the updated user.',
  body: jsonBody(removeSearchInput),
  response: userView,
});

const weatherDisplay = z.object({ windLabel: z.string(), barometerInches: z.number().nullable() });

/**
 * The seed's Weather entity at the top level (airTemp, windDirection, barometer ...), as a mobile
 * client reads it; when the weather service is down, no weather fields and the `reason` instead.
 */
export const currentWeatherView = z.union([
  weatherCurrentSchema.extend({ reason: z.null(), display: weatherDisplay }),
  z.object({ reason: z.string(), display: z.null() }),
]);

export const currentWeather = contract({
  method: 'POST',
  path: '/api/weather/current',
  access: 'public',
  assistant: true,
  summary: 'The weather now at a point, its fields at the top level; only `reason` (no weather fields) when the weather service is down.',
  body: jsonBody(placedInput),
  response: currentWeatherView,
});

export const lunar = contract({
  method: 'POST',
  path: '/api/weather/lunar',
  access: 'public',
  assistant: true,
  summary: 'Moon and sun of the local day at a point (date, or now).',
  body: jsonBody(placedInput),
  response: lunarView,
});

export const lunarCurrent = contract({
  method: 'POST',
  path: '/api/lunar/aeris/current',
  access: 'public',
  assistant: true,
  summary: 'Moon and sun of the local day at a point (time, or now).',
  body: jsonBody(placedInput),
  response: lunarView,
});

export const lunarPast = contract({
  method: 'POST',
  path: '/api/lunar/aeris/past',
  access: 'public',
  summary: 'Moon and sun of the local day holding a past time at a point.',
  body: jsonBody(placedInput),
  response: lunarView,
});

export const lunarMonthly = contract({
  method: 'POST',
  path: '/api/lunar/aeris/monthly',
  access: 'public',
  summary: 'Every day of a month’s solunar calendar for a place ("lat,lng" or a search) in its time zone.',
  query: monthlyQuery,
  response: z.array(monthlyLunarDay),
});

export const calendar = contract({
  method: 'POST',
  path: '/api/calendar/ical',
  access: 'public',
  summary: 'An iCalendar file of the next 30 days’ solunar periods, or of the next hours’ weather.',
  body: jsonBody(icalInput),
  response: raw('text/calendar'),
});
