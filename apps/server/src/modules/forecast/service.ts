import type { ReplyOf } from '@tightlines/core/api/contract';
import type { currentWeather } from '@tightlines/core/api/forecast';
import { addDaysToDate, daysInMonth } from '@tightlines/core/dates';
import { barometerInches, windLabel, type WeatherCurrent } from '@tightlines/core/weather';
import {
  hourlyDay,
  lunarDay,
  lunarDays,
  type LunarView,
  type MonthlyLunarDay,
} from '@tightlines/core/forecast';
import { computeSunAndMoonDays } from '@tightlines/core/solunar/engine';
import { isTimeZone, localDateOf, localDayBounds } from '@tightlines/core/time';
import ical from 'ical-generator';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../lib/errors';
import { LruMap } from '../../lib/lru';
import { storedAnswer, type Serialized, type StoredAnswer } from '../../lib/stored-answer';
import { timeZoneAt, type Place, type PlacesProvider } from '../../providers/places/places';
import { WeatherUnavailableError, type WeatherProvider } from '../../providers/weather/weather';
import type { Principal } from '../../access/principal';
import type { ForecastRepo } from './repo';

export const FORECAST_DAYS = 7;
export const HISTORIC_DAYS = 7;
export const CALENDAR_DAYS = 30;
export const PREMIUM_PAST_WEATHER = 'Past weather is a premium feature. Start a subscription to see it.';
export const PREMIUM_EXTENDED = 'The extended forecast is a premium feature. Start a subscription to see it.';

type Viewer = Pick<Principal, 'userId' | 'premium'> | null;

type Deps = {
  places: PlacesProvider;
  weather: WeatherProvider;
  repo: ForecastRepo;
  now?: () => Date;
};

export type ForecastLocation = Place;

/**
 * A day's sun and moon never change, and computing one costs several milliseconds of CPU, so
 * searched places (a few hundred ZIP codes and cities at most) keep theirs in memory.
 */
const LUNAR_CACHE_SIZE = 5000;
/**
 * Months of the lunar calendar as sent, per place and zone. The place can be any point a caller
 * types, so the cap bounds memory: a month is about 10 KB of JSON, 1,000 of them about 10 MB.
 */
const MONTH_CACHE_SIZE = 1000;
/**
 * Visitors' forecasts as sent, by search term (any text a caller types, so capped): about 7 KB
 * each, 2,000 of them at most 15 MB.
 */
const VISITOR_FORECASTS = 2000;
const HOUR_MS = 60 * 60 * 1000;
/** Solunar calendar files (about 40 KB each) by point and name, which callers choose: capped. */
const LUNAR_CALENDARS = 500;

/** A serialized answer, and the instant from which it no longer holds. */
type KeptAnswer = { answer: StoredAnswer; until: number };

export class ForecastService {
  private readonly now: () => Date;
  private readonly lunarCache = new LruMap<string, LunarView>(LUNAR_CACHE_SIZE);
  private readonly monthCache = new LruMap<string, StoredAnswer>(MONTH_CACHE_SIZE);
  private readonly visitorForecasts = new LruMap<string, KeptAnswer>(VISITOR_FORECASTS);
  private readonly lunarCalendars = new LruMap<string, { text: string; until: number }>(LUNAR_CALENDARS);

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  private lunarDay(lat: number, lng: number, date: string, timeZone: string): LunarView {
    const key = `${lat},${lng},${date},${timeZone}`;
    let day = this.lunarCache.get(key);
    if (!day) {
      day = lunarDay(lat, lng, date, timeZone);
      this.lunarCache.set(key, day);
    }
    return day;
  }

  /** Days from the cache, or, when one is missing, the whole span searched once (lunarDays) and kept. */
  private lunarDays(lat: number, lng: number, first: string, count: number, timeZone: string): LunarView[] {
    const key = (date: string) => `${lat},${lng},${date},${timeZone}`;
    const kept = Array.from({ length: count }, (_, i) => this.lunarCache.get(key(addDaysToDate(first, i))));
    if (kept.every((day) => day !== undefined)) return kept;
    const days = lunarDays(lat, lng, first, count, timeZone);
    for (const day of days) this.lunarCache.set(key(day.date), day);
    return days;
  }

  find(term: string): Place {
    const place = this.deps.places.search(term);
    if (!place) {
      throw notFound(`We could not find "${term}". Try a 5-digit ZIP code, or a city and state such as "Brainerd, MN".`);
    }
    return place;
  }

  /** For the places module's fallback: where the member's latest forecast search was, if it still names a place. */
  async lastSearchPlace(userId: string): Promise<{ lat: number; lng: number; name: string } | null> {
    const [term] = await this.deps.repo.searchesOf(userId);
    const place = term === undefined ? undefined : this.deps.places.search(term);
    return place ? { lat: place.lat, lng: place.lng, name: place.name } : null;
  }

  /** A point as "lat,lng", or else a place search. */
  private findPoint(location: string, tz: string | undefined): { lat: number; lng: number; timeZone: string } {
    const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(location);
    if (match) {
      const lat = Number(match[1]);
      const lng = Number(match[2]);
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw badRequest('That location is not on the globe.');
      return { lat, lng, timeZone: tz && isTimeZone(tz) ? tz : timeZoneAt(lat, lng) };
    }
    const place = this.find(location);
    return { lat: place.lat, lng: place.lng, timeZone: tz && isTimeZone(tz) ? tz : place.timeZone };
  }

  private async weatherOrReason<T>(load: () => Promise<T>): Promise<{ value: T | null; reason: string | null }> {
    try {
      return { value: await load(), reason: null };
    } catch (error) {
      if (error instanceof WeatherUnavailableError) return { value: null, reason: error.message };
      throw error;
    }
  }

  async forecast(term: string, viewer: Viewer) {
    const place = this.find(term);
    const today = localDateOf(this.now(), place.timeZone);
    const [current, daily] = await Promise.all([
      this.weatherOrReason(() => this.deps.weather.current(place)),
      viewer?.premium ? this.weatherOrReason(() => this.deps.weather.daily(place, FORECAST_DAYS)) : null,
    ]);
    if (viewer) await this.deps.repo.saveSearch(viewer.userId, place.zip ?? place.name, this.now());
    return {
      location: place,
      weatherCurrent: current.value,
      weatherForecast: daily?.value ?? [],
      weatherError: current.reason ?? daily?.reason ?? null,
      lunar: this.lunarDays(place.lat, place.lng, today, FORECAST_DAYS, place.timeZone),
      locked: { extended: !viewer?.premium, historic: !viewer?.premium },
    };
  }

  /**
   * The forecast a visitor was last sent for `term`, while it still holds, or null when it has to
   * be built. It is the same for every visitor: no search is saved, no premium panel is open.
   * Current conditions describe the hour (the weather provider keeps them per hour) and the lunar
   * days start today, so a kept forecast lasts until the next hour or the place's midnight.
   */
  keptVisitorForecast(term: string): StoredAnswer | null {
    const kept = this.visitorForecasts.get(term);
    if (!kept) return null;
    if (kept.until > this.now().getTime()) return kept.answer;
    this.visitorForecasts.delete(term);
    return null;
  }

  /** Builds the visitor's forecast, serialized by `serialize`, and keeps it unless the weather failed (the next visitor retries). */
  async visitorForecast(term: string, serialize: (answer: Awaited<ReturnType<ForecastService['forecast']>>) => Serialized): Promise<StoredAnswer> {
    const builtAt = this.now();
    const answer = await this.forecast(term, null);
    const stored = storedAnswer(serialize(answer));
    if (answer.weatherError === null) {
      const nextHour = (Math.floor(builtAt.getTime() / HOUR_MS) + 1) * HOUR_MS;
      const midnight = localDayBounds(localDateOf(builtAt, answer.location.timeZone), answer.location.timeZone).end.getTime();
      this.visitorForecasts.set(term, { answer: stored, until: Math.min(nextHour, midnight) });
    }
    return stored;
  }

  async removeSearch(userId: string, term: string): Promise<void> {
    await this.deps.repo.removeSearch(userId, term);
  }

  /** Today's hours are part of the free forecast; other days belong to the premium extended one. */
  async hourly(term: string, requested: string, viewer: Viewer) {
    const place = this.find(term);
    const date = hourlyDay(requested, place.timeZone);
    if (!viewer?.premium && date !== localDateOf(this.now(), place.timeZone)) {
      throw viewer ? forbidden(PREMIUM_EXTENDED) : unauthorized('Sign up to see the hourly forecast of other days.');
    }
    try {
      return await this.deps.weather.hourly(place, date);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  async historic(term: string, viewer: Viewer) {
    if (!viewer) throw unauthorized('Log in to see past weather.');
    if (!viewer.premium) throw forbidden(PREMIUM_PAST_WEATHER);
    const place = this.find(term);
    const yesterday = addDaysToDate(localDateOf(this.now(), place.timeZone), -1);
    try {
      return await this.deps.weather.historic(place, addDaysToDate(yesterday, 1 - HISTORIC_DAYS), yesterday);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  async current(lat: number, lng: number): Promise<ReplyOf<typeof currentWeather>> {
    const place = { lat, lng, timeZone: timeZoneAt(lat, lng) };
    const { value, reason } = await this.weatherOrReason(() => this.deps.weather.current(place));
    return value ? { ...value, reason: null, display: display(value) } : { reason: reason ?? 'The weather service gave no answer.', display: null };
  }

  /** The local day holding `when` (now when absent): a 'YYYY-MM-DD' names the day itself. */
  lunar(lat: number, lng: number, when: string | number | undefined): LunarView {
    const timeZone = timeZoneAt(lat, lng);
    let date: string;
    if (typeof when === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(when)) date = when;
    else {
      const instant = when === undefined ? this.now() : new Date(when);
      if (Number.isNaN(instant.getTime())) throw badRequest('That time is not a valid date.');
      date = localDateOf(instant, timeZone);
    }
    return this.lunarDay(lat, lng, date, timeZone);
  }

  /** The month's calendar, serialized by `serialize` once and kept per place and month: it is the same for everyone. */
  monthly(
    query: { location: string; tz?: string | undefined; month?: number | undefined; year?: number | undefined },
    serialize: (days: MonthlyLunarDay[]) => Serialized,
  ): StoredAnswer {
    const point = this.findPoint(query.location, query.tz);
    const [todayYear, todayMonth] = localDateOf(this.now(), point.timeZone).split('-').map(Number) as [number, number];
    const year = query.year ?? todayYear;
    const month = query.month ?? todayMonth;
    const key = `${point.lat},${point.lng},${point.timeZone},${year},${month}`;
    const cached = this.monthCache.get(key);
    if (cached) return cached;
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    const days = computeSunAndMoonDays({ lat: point.lat, lng: point.lng, from: first, days: daysInMonth(year, month), timeZone: point.timeZone });
    const calendar: MonthlyLunarDay[] = days.map((day) => ({
      dateTimeISO: day.start,
      moon: {
        riseISO: day.moon.rise,
        transitISO: day.moon.above,
        setISO: day.moon.set,
        underfootISO: day.moon.below,
        phase: { name: day.moon.phase, illum: day.moon.illumination },
      },
      sun: { riseISO: day.sun.rise, setISO: day.sun.set },
    }));
    const stored = storedAnswer(serialize(calendar));
    this.monthCache.set(key, stored);
    return stored;
  }

  /**
   * The solunar file is the same for everyone asking about a point and name on one local day, so
   * it is kept until the place's midnight; the weather file follows the hourly forecast, built each time.
   */
  async calendar(location: { name?: string | undefined; lat: number; lng: number }, alertType: 'Lunar Event' | 'Hourly Event'): Promise<string> {
    if (alertType === 'Hourly Event') return this.buildCalendar(location, alertType);
    const key = `${location.lat},${location.lng},${location.name ?? ''}`;
    const kept = this.lunarCalendars.get(key);
    if (kept && kept.until > this.now().getTime()) return kept.text;
    const builtAt = this.now();
    const text = await this.buildCalendar(location, alertType);
    const timeZone = timeZoneAt(location.lat, location.lng);
    this.lunarCalendars.set(key, { text, until: localDayBounds(localDateOf(builtAt, timeZone), timeZone).end.getTime() });
    return text;
  }

  private async buildCalendar(location: { name?: string | undefined; lat: number; lng: number }, alertType: 'Lunar Event' | 'Hourly Event'): Promise<string> {
    const timeZone = timeZoneAt(location.lat, location.lng);
    // A line break in the name would start a property of the caller's choosing in the file.
    const name = location.name?.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
    const place = name || `${location.lat.toFixed(3)}, ${location.lng.toFixed(3)}`;
    const calendar = ical({ name: `Tightlines ${alertType === 'Lunar Event' ? 'solunar' : 'hourly weather'}: ${place}`, prodId: { company: 'Tightlines', product: 'Forecast', language: 'EN' } });
    const today = localDateOf(this.now(), timeZone);
    const stamp = this.now();

    if (alertType === 'Lunar Event') {
      for (const day of this.lunarDays(location.lat, location.lng, today, CALENDAR_DAYS, timeZone)) {
        const add = (kind: string, start: string, end: string, note: string) =>
          calendar.createEvent({
            id: `${day.date}-${kind.replace(/\s+/g, '-').toLowerCase()}-${start}@tightlines`,
            start: new Date(start),
            end: new Date(end),
            stamp,
            summary: `${kind} · ${place}`,
            description: note,
            location: place,
          });
        for (const p of day.majors) add('Major period', p.start, p.end, `Moon ${p.peak === day.moon.underfootISO ? 'underfoot' : 'overhead'}. ${day.moon.phase}, ${day.moon.illumination}% lit.`);
        for (const p of day.minors) add('Minor period', p.start, p.end, `Moon ${p.peak === day.moon.setISO ? 'set' : 'rise'}. ${day.moon.phase}, ${day.moon.illumination}% lit.`);
        if (day.sun.riseISO) add('Sunrise', day.sun.riseISO, day.sun.riseISO, 'Sunrise');
        if (day.sun.setISO) add('Sunset', day.sun.setISO, day.sun.setISO, 'Sunset');
      }
    } else {
      const point = { lat: location.lat, lng: location.lng, timeZone };
      let hours;
      try {
        hours = [...(await this.deps.weather.hourly(point, today)), ...(await this.deps.weather.hourly(point, addDaysToDate(today, 1)))];
      } catch (error) {
        throw this.unavailable(error);
      }
      for (const hour of hours) {
        const start = new Date(hour.date);
        if (start.getTime() < stamp.getTime() - 3600_000) continue;
        const temp = hour.airTemp === null ? '' : `${Math.round(hour.airTemp)}°F `;
        calendar.createEvent({
          id: `${hour.date}-hourly@tightlines`,
          start,
          end: new Date(start.getTime() + 3600_000),
          stamp,
          summary: `${temp}${hour.summary}`.trim(),
          description: [
            `Wind ${hour.windSpeed === null ? '-' : Math.round(hour.windSpeed)} mph ${windLabel(hour.windDirection)}`,
            `Barometer ${barometerInches(hour.barometer) ?? '-'} inHg`,
            `Humidity ${hour.humidity === null ? '-' : Math.round(hour.humidity * 100)}%`,
          ].join('\n'),
          location: place,
        });
      }
    }
    return calendar.toString();
  }

  private unavailable(error: unknown): HttpError {
    if (error instanceof WeatherUnavailableError) return new HttpError(503, `Weather is unavailable right now: ${error.message}. Please try again later.`);
    if (error instanceof RangeError) return badRequest(error.message);
    throw error;
  }
}

/** What the weather widgets print: wind as a compass label, the barometer in inches. */
function display(weather: WeatherCurrent) {
  return { windLabel: windLabel(weather.windDirection), barometerInches: barometerInches(weather.barometer) };
}
