import { scheduleWeeks } from '@tightlines/core/events/model';
import type { DbContext } from '../db/context';
import { EventsRepo, type EventValues, type LakeValues } from '../modules/events/repo';
import { SAMPLE_TIME_ZONE } from './generator';

const DAY = 86_400_000;

/** SAMPLE lakes the demo's logs use, with approximate points on their water. */
const LAKES: Record<string, LakeValues> = {
  gull: { position: 0, name: 'Gull Lake', lat: 46.41, lng: -94.35, outline: null, areaAcres: null },
  leech: { position: 1, name: 'Leech Lake', lat: 47.15, lng: -94.38, outline: null, areaAcres: null },
  milleLacs: { position: 2, name: 'Lake Mille Lacs', lat: 46.23, lng: -93.65, outline: null, areaAcres: null },
};

/** Made-up anglers of the demo's boards. */
const ANGLERS = ['Sam Lindqvist', 'Rosa Peltier', 'Dale Haugen', 'Kari Ostby', 'Mitch Doerr'];

const base = (now: Date): Omit<EventValues, 'name' | 'type' | 'dateStart' | 'dateEnd'> => ({
  format: 'Points',
  size: '25',
  costCents: 0,
  bagSize: 5,
  isPublic: true,
  state: 'MN',
  keyType: 'Playing Card',
  tz: SAMPLE_TIME_ZONE,
  hoursInDay: 8,
  timespanHours: 18,
  divisions: [],
  feeCents: 0,
  description: `<p>SAMPLE EVENT for the demo, made up on ${now.toISOString().slice(0, 10)}.</p>`,
});

/**
 * The demo angler's events: one finished tournament (with its board), one league running now and
 * one series ahead, on the demo's lakes, so a newcomer sees every events screen filled. Added once:
 * nothing happens when the demo angler already owns an event.
 */
export async function seedDemoEvents(ctx: DbContext, userId: string, username: string, now: Date): Promise<number> {
  const repo = new EventsRepo(ctx);
  if ((await repo.mine(userId)).owned.length > 0) return 0;
  const at = (days: number, hour = 12) => new Date(Math.floor(now.getTime() / DAY) * DAY + days * DAY + hour * 3_600_000);
  return ctx.transaction(async () => {
    const create = async (values: EventValues, lakes: LakeValues[], weeks = false) => {
      const id = await repo.insert(userId, values);
      const built = weeks && values.dateStart && values.dateEnd ? scheduleWeeks(values.dateStart.toISOString(), values.dateEnd.toISOString(), SAMPLE_TIME_ZONE) : [];
      await repo.replaceParts(id, {
        lakes,
        weeks: built.map((w, i) => ({
          number: w.number,
          dateStart: new Date(w.dateStart),
          dateEnd: new Date(w.dateEnd),
          costCents: null,
          registrationAvailable: true,
          lakes: [lakes[i % lakes.length]?.name ?? ''],
        })),
        pointRules: (values.species ?? []).map((species) => ({ species, startingValue: 12, startingPointValue: 5, custom: false })),
      });
      await repo.activate(id, {});
      return id;
    };
    const board = async (eventId: string, start: Date, lake: string, species: string, days: number) => {
      for (const [i, name] of [username, ...ANGLERS].entries()) {
        const fish = Array.from({ length: 5 - (i % 3) }, (_, k) => {
          const size = 14 + ((i * 7 + k * 5) % 13) + k * 0.5;
          return { date: new Date(start.getTime() + ((k % days) * DAY + (k + 1) * 3_600_000)), size, points: Math.round(size * 10) / 10, species, lakeName: lake };
        });
        await repo.insertEntry(
          eventId,
          {
            userId: i === 0 ? userId : null,
            name,
            username: i === 0 ? username : null,
            email: i === 0 ? 'demo@tightlines.app' : `sample.angler${i}@example.com`,
            points: Math.round(fish.reduce((sum, f) => sum + f.points, 0) * 10) / 10,
          },
          fish,
        );
      }
    };
    const classicStart = at(-30, 11);
    const classic = await create(
      { ...base(now), name: 'Gull Lake Walleye Classic (sample)', type: 'Tournament', species: ['Walleye'], dateStart: classicStart, dateEnd: at(-29, 23) },
      [LAKES.gull!],
    );
    await board(classic, classicStart, 'Gull Lake', 'Walleye', 2);
    const leagueStart = at(-14, 11);
    const league = await create(
      { ...base(now), name: 'Mille Lacs Summer League (sample)', type: 'League', format: 'Biggest Bag', species: ['Walleye', 'Bass'], dateStart: leagueStart, dateEnd: at(42, 23) },
      [LAKES.milleLacs!, LAKES.gull!],
      true,
    );
    await board(league, leagueStart, 'Lake Mille Lacs', 'Walleye', 10);
    await create(
      { ...base(now), name: 'Brainerd Lakes Bass Series (sample)', type: 'Series', size: '50', species: ['Bass', 'Pike'], dateStart: at(10, 11), dateEnd: at(38, 23) },
      [LAKES.gull!, LAKES.leech!, LAKES.milleLacs!],
      true,
    );
    return 3;
  });
}
