import { userView, type UserView } from '@tightlines/core/accounts';
import { logView, type LogView } from '@tightlines/core/logs';

/** A catch on Gull Lake as the API answers it (checked against core's response schema). */
export function aLog(changes: Partial<LogView> = {}): LogView {
  return logView.parse({
    _id: '3f0c1d2e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    username: 'walleye_wendy',
    type: 'Catch',
    date: '2026-06-01T06:30:00-05:00',
    time: '06:30',
    timeZone: 'America/Chicago',
    notes: 'Slow roll along the weed edge.',
    photo: null,
    clusterCount: null,
    tags: ['opener'],
    privacy: 'public',
    outingId: null,
    fish: { species: 'Walleye', length: 24.5, girth: null, weight: 5.25 },
    lure: { category: 'Jig', colorPrimary: 'Chartreuse', colorSecondary: null, length: 3, note: null },
    lake: {
      waterTemp: 61.5,
      waterVisibility: null,
      lakeStructure: 'Weed edge',
      lakeDepth: 14,
      lureDepth: 12,
      waterflow: null,
      station: null,
      siteCode: null,
      agency: null,
      location: null,
    },
    location: { lat: 46.412, lng: -94.355, lake: 'Gull Lake', state: 'MN', zone: 'North bay', lakeStructure: 'Weed edge' },
    weather: {
      summary: 'Partly cloudy',
      icon: 'partly-cloudy-day',
      airTemp: 55.6,
      windDirection: 230,
      windSpeed: 11.6,
      barometer: 1013.25,
      cloudCover: 0.4,
      dewpoint: 49,
      humidity: 0.78,
      precipType: null,
      precipHourly: 0,
    },
    lunar: {
      moonPhase: 'Waxing Gibbous',
      moonIllum: 0.99,
      illum: '99%',
      moonRise: '2026-06-01T15:32:00-05:00',
      moonSet: '2026-06-01T06:31:00-05:00',
      moonAbove: '2026-06-01T23:37:00-05:00',
      moonBelow: '2026-06-01T11:06:00-05:00',
      sunRise: '2026-06-01T05:26:00-05:00',
      sunSet: '2026-06-01T21:02:00-05:00',
    },
    lunarLocked: false,
    pending: [],
    createdAt: '2026-06-01T11:31:00.000Z',
    updatedAt: '2026-06-01T11:31:00.000Z',
    ...changes,
  });
}

/** A member as the API answers it; free, unless told otherwise. */
export function aMember(changes: Partial<UserView> = {}): UserView {
  return userView.parse({
    _id: '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
    email: 'wendy@example.com',
    username: 'walleye_wendy',
    profilePicture: null,
    premiumMember: false,
    activeSubscription: false,
    newsletter: false,
    events: { registered: [] },
    forecastSearches: [],
    lakes: [],
    stripe: { id: null, subscriptionId: null },
    ...changes,
  });
}
