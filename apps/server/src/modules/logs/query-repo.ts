import type { MapMarker } from '@tightlines/core/api/analysis';
import { MARKER_BYTES, numberLakes, type MarkerBytesHeader, type MarkerColumns } from '@tightlines/core/map-markers';
import { LOG_TYPES } from '@tightlines/core/logs';
import { bucketBounds, type Filter } from '@tightlines/core/filters';
import { airTempBucket, CHART_KEYS, illuminationBucket, MONTHS, type ChartKey, type ChartTallies, type Tally } from '@tightlines/core/charts';
import { windLabel } from '@tightlines/core/weather';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { circleFacetCounts } from '../../db/circle-schema';
import { friendMaySee, sharedAlongCm } from '../../db/circle-visibility';
import { queryRows } from '../../db/client';
import { JsonText } from '../../lib/json-text';
import type { DbContext } from '../../db/context';
import { logTallies, logs, users } from '../../db/schema';
import { logRowColumns, type LogRow } from './rows';

const localTime = sql`(${logs.occurredAt} at time zone ${logs.timeZone})`;

/**
 * A bucket of whole numbers ("20-29"): floor(x) between 20 and 29, written as 20 <= x < 30 so an
 * index on the column serves it.
 */
function between(column: SQL, label: string): SQL | undefined {
  const b = bucketBounds(label);
  if (!b) return undefined;
  if (b.min === null) return sql`${column} < ${b.max! + 1}`;
  if (b.max === null) return sql`${column} >= ${b.min}`;
  return sql`${column} >= ${b.min} and ${column} < ${b.max + 1}`;
}

const DAY_MS = 86_400_000;
/** Midnight UTC of a YYYY-MM-DD date, moved by whole days. */
const utcDay = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString();

/**
 * Local dates are the log's own time zone's, so no index on occurred_at can answer them alone. Every
 * zone is within a day of UTC, so a local day lies inside the UTC instants from the day before to the
 * day after: that range is an index range of logs_user_occurred_idx, the local test then decides.
 */
function localDateRange(from: string | null, to: string | null): SQL {
  const conditions: SQL[] = [utcRange(from, to)];
  if (from !== null) conditions.push(sql`${localTime}::date >= ${from}::date`);
  if (to !== null) conditions.push(sql`${localTime}::date <= ${to}::date`);
  return and(...conditions)!;
}

/** The UTC instants that hold every local time from the start of `from` to the end of `to`. */
function utcRange(from: string | null, to: string | null): SQL {
  return and(
    from === null ? undefined : sql`${logs.occurredAt} >= ${utcDay(from, -1)}::timestamptz`,
    to === null ? undefined : sql`${logs.occurredAt} < ${utcDay(to, 2)}::timestamptz`,
  )!;
}

/** A chart's label from the key SQL grouped by (see chartTallies). */
const CHART_LABEL_OF: Record<Exclude<ChartKey, 'tag'>, (key: string) => string | null> = {
  illumination: (key) => illuminationBucket(Number(key) * 10),
  phase: (key) => key,
  wind: (key) => windLabel(Number(key)),
  lureType: (key) => key,
  lureColor: (key) => key,
  conditions: (key) => key,
  airTemp: (key) => airTempBucket(Number(key) * 10),
  lake: (key) => key,
  month: (key) => MONTHS[Number(key) - 1] ?? null,
  species: (key) => key,
};

/**
 * The one filter the circle_facet_counts rows answer (migration 0020_circle_facets), as the facet
 * and the value the filter compares (the same case folding as filtersOnly), or undefined.
 */
function facetOf({ type, value }: Filter): { facet: string; value: SQL } | undefined {
  switch (type) {
    case 'type':
    case 'moonPhase':
      return { facet: type, value: sql`${value}` };
    case 'year':
      return { facet: 'year', value: sql`${String(Number(value))}` };
    case 'location.lake':
      return { facet: 'lake', value: sql`lower(${value})` };
    case 'location.state':
      return { facet: 'state', value: sql`upper(${value})` };
    case 'tag':
      return { facet: 'tag', value: sql`lower(${value})` };
    default:
      return undefined;
  }
}

/**
 * The log_tallies rows (migration 0024_log_tallies) that sum to how many of an angler's logs a single
 * filter matches, as a condition on them, or undefined when the tallies cannot tell (a date range).
 * Each facet holds a log once per value it shows, so the sum counts each match once; the case folding
 * is filtersOnly's.
 */
function tallyOf({ type, value }: Filter): SQL | undefined {
  const t = logTallies;
  const range = (facet: string) => {
    const b = bucketBounds(value);
    if (!b) return undefined;
    // A tally holds floor(x), and a bucket of whole numbers is min <= floor(x) <= max.
    return and(eq(t.facet, facet), b.min === null ? undefined : sql`${t.value}::int >= ${b.min}`, b.max === null ? undefined : sql`${t.value}::int <= ${b.max}`);
  };
  switch (type) {
    case 'type':
      return and(eq(t.facet, 'year'), eq(t.type, value));
    case 'year':
      return and(eq(t.facet, 'year'), eq(t.value, String(Number(value))));
    case 'location.lake':
      return and(eq(t.facet, 'lake'), sql`lower(${t.value}) = lower(${value})`);
    case 'location.state':
      return and(eq(t.facet, 'state'), sql`upper(${t.value}) = upper(${value})`);
    case 'moonPhase':
      return and(eq(t.facet, 'phase'), eq(t.value, value));
    case 'tag':
      return and(eq(t.facet, 'tagLower'), sql`${t.value} = lower(${value})`);
    case 'lureCategory':
      return and(eq(t.facet, 'lureType'), sql`lower(${t.value}) = lower(${value})`);
    case 'lureColor':
      return and(eq(t.facet, 'lureColorAny'), sql`${t.value} = lower(${value})`);
    case 'waterTemp':
      return range('waterTemp');
    case 'fishLength':
      return range('length');
    default:
      return undefined;
  }
}

/**
 * tallyOf for one filter, or for a year with one other filter (the tallies keep each year's rows).
 */
function tallyOfEach(filters: readonly Filter[]): SQL | undefined {
  if (filters.length === 1) return tallyOf(filters[0]!);
  const year = filters.find((f) => f.type === 'year');
  const other = filters.find((f) => f.type !== 'year');
  const tally = other && tallyOf(other);
  return year && tally ? and(tally, eq(logTallies.year, Number(year.value))) : undefined;
}

/**
 * Whose logs: the member's own (every privacy), or, with `circleOf`, the logs of the anglers whose
 * Inner Circle the member is in, each narrowed by what its owner allows the member.
 */
export type Scope = { userId: string; username: string; circleOf?: false } | { circleOf: true; memberId: string };

/** One SQL condition per filter, all combined with AND, under the scope's own condition. */
function filterConditions(scope: Scope, filters: readonly Filter[]): SQL {
  return and(scope.circleOf ? friendMaySee(scope.memberId) : eq(logs.userId, scope.userId), filtersOnly(scope, filters))!;
}

/** The filters' conditions alone, combined with AND (true without filters). */
function filtersOnly(scope: Scope, filters: readonly Filter[]): SQL {
  const conditions: SQL[] = [sql`true`];
  for (const { type, value } of filters) {
    const c = (() => {
      switch (type) {
        case 'location.state':
          return sql`upper(${logs.state}) = upper(${value})`;
        case 'location.lake':
          return sql`lower(${logs.lakeName}) = lower(${value})`;
        case 'year':
          // Exactly logs_user_year_idx's expression, so one angler's year is an index range in the pages' order;
          // with the UTC range a day wider each side, every (…, occurred_at) index serves a year combined with
          // another filter: the planner prices the time zone conversion as cheap and otherwise scans every row.
          // (Year 0000 has no day before it that PostgreSQL reads back, so it goes without the range.)
          return and(
            Number(value) > 0 ? utcRange(`${value}-01-01`, `${value}-12-31`) : undefined,
            sql`extract(year from ${localTime}) = ${Number(value)}`,
          );
        case 'username':
          if (scope.circleOf) return sql`${logs.userId} in (select ${users.id} from ${users} where lower(${users.username}) = lower(${value}))`;
          return value.toLowerCase() === scope.username.toLowerCase() ? sql`true` : sql`false`;
        case 'tag':
          return sql`${logs.tagsLower} @> array[lower(${value})]::text[]`;
        case 'type':
          return eq(logs.type, value);
        case 'lureCategory':
          return sql`lower(${logs.lureCategory}) = lower(${value})`;
        case 'moonPhase':
          return eq(logs.moonPhase, value);
        case 'lureColor':
          return sql`(lower(${logs.lureColorPrimary}) = lower(${value}) or lower(${logs.lureColorSecondary}) = lower(${value}))`;
        case 'waterTemp':
          return between(sql`${logs.waterTemp}`, value);
        case 'fishLength':
          return between(sql`${logs.fishLength}`, value);
        case 'dateStart':
          return localDateRange(value, null);
        case 'dateEnd':
          return localDateRange(null, value);
      }
    })();
    if (c) conditions.push(c);
  }
  return and(...conditions)!;
}

/** The newest 20,000 matching logs' `fields`, newest first. */
function markerRows(where: SQL, fields: SQL): SQL {
  return sql`select ${fields} from ${logs} where ${where} order by occurred_at desc, id desc limit 20000`;
}

/** A marker row's river gauge as JSON text (`{"lat":…,"lng":…,"station":…}`), null for a log without one. */
const gaugeJson = sql`case when m.waterflow ? 'location' then '{"lat":' || (m.waterflow->'location'->>'lat')::float8 || ',"lng":' || (m.waterflow->'location'->>'lng')::float8
  || ',"station":' || coalesce(to_json(m.gauge_station)::text, 'null') || '}' end`;

/** Gauges (JSON, each with its marker's id) as the columns answer lists them: each with its marker's index instead. */
function placeGauges(gauges: string, ids: string): string {
  const found = JSON.parse(gauges) as Array<{ id: string; lat: number; lng: number; station: string | null }>;
  if (found.length === 0) return '[]';
  const at = new Map((JSON.parse(ids) as string[]).map((id, i) => [id, i]));
  return JSON.stringify(found.map(({ id, ...gauge }) => ({ at: at.get(id)!, ...gauge })));
}

/** The log types as a text[] literal, in LOG_TYPES' order: a marker's type is its position there. */
const MARKER_TYPES = sql.raw(`array[${LOG_TYPES.map((t) => `'${t}'`).join(', ')}]::text[]`);

/**
 * The data page's and dashboard's reads over a member's logs: filtered pages, the few columns the
 * charts count, map markers, and counts grouped in SQL.
 */
export class LogsQueryRepo {
  constructor(private readonly ctx: DbContext) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * Runs a statement of grouping sets with room for a hash table a set: with the default work_mem
   * (4 MB) the planner sorts some sets instead, and on 100,000 logs those sorts spill to disk
   * (seconds on PGlite). The setting ends with the statement's transaction.
   */
  private withGroupingMemory<T>(work: () => Promise<T>): Promise<T> {
    return this.ctx.transaction(async () => {
      await this.db.execute(sql`set local work_mem = '32MB'`);
      return work();
    });
  }

  /**
   * A page of the matching logs, newest first, and how many match. The page is the ids of an index
   * range read backwards (logs_user_occurred_idx, or the filter's own index), then those rows by key.
   * A first page with room to spare is every match, so only a full page or a later one is counted.
   */
  async filtered(scope: Scope, filters: readonly Filter[], limit: number, offset: number): Promise<{ rows: LogRow[]; total: number }> {
    const where = filterConditions(scope, filters);
    const page = await queryRows<{ id: string }>(
      this.db,
      sql`select ${logs.id} as id from ${logs} where ${where} order by ${logs.occurredAt} desc, ${logs.id} desc limit ${limit} offset ${offset}`,
    );
    const known = page.length < limit && (page.length > 0 || offset === 0);
    const [found, total] = await Promise.all([
      page.length === 0 ? [] : this.db.select(logRowColumns).from(logs).where(inArray(logs.id, page.map((p) => p.id))),
      known ? offset + page.length : this.total(scope, filters, where),
    ]);
    const byId = new Map(found.map((row) => [row.id, row]));
    // A log deleted between the two reads is left out of the page rather than shown as a gap.
    return { rows: page.flatMap(({ id }) => byId.get(id) ?? []), total };
  }

  /**
   * How many logs match: for an angler's own logs under no filter, a single one the tallies keep or
   * such a one with a year, a sum of a few log_tallies rows; otherwise a count of the matches.
   */
  private async total(scope: Scope, filters: readonly Filter[], where: SQL): Promise<number> {
    if (!scope.circleOf) {
      // A username filter is all or nothing for one's own logs; the tallies then answer the rest.
      const narrowing = filters.filter((f) => f.type !== 'username');
      const own = narrowing.length === filters.length || filters.every((f) => f.type !== 'username' || f.value.toLowerCase() === scope.username.toLowerCase());
      const tally = !own ? undefined : narrowing.length === 0 ? eq(logTallies.facet, 'year') : narrowing.length <= 2 ? tallyOfEach(narrowing) : undefined;
      if (tally) {
        const [row] = await queryRows<{ n: number }>(
          this.db,
          sql`select coalesce(sum(${logTallies.n}), 0)::int as n from ${logTallies} where ${logTallies.userId} = ${scope.userId} and ${tally}`,
        );
        return row?.n ?? 0;
      }
    }
    const [row] = await queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from ${logs} where ${where}`);
    return row?.n ?? 0;
  }

  /**
   * A page of the Inner Circle feed: rows of several anglers, each with its owner's username.
   *
   * For each circle the member is in (a LATERAL over circle_members), the first offset + limit rows
   * of that owner's index range in the feed's order (logs_user_occurred_idx) under the same
   * visibility rule and filters; then the page of those. That reads about a page a friend, not every
   * visible row. The total comes from the counters the triggers keep (circleTotal).
   * From `after` (a log of the feed the member may see) each friend's range starts right behind that
   * log in the index, so a deep page reads a page a friend rather than every row before it; a log the
   * member may not see is 'unknown anchor', so the cursor tells nothing about others' logs.
   */
  async circlePage(
    memberId: string,
    filters: readonly Filter[],
    limit: number,
    from: { offset: number; after?: string },
  ): Promise<{ rows: Array<{ log: LogRow; username: string }>; total: number } | 'unknown anchor'> {
    const { offset, after } = from;
    let behind = sql``;
    if (after !== undefined) {
      const [anchor] = await this.db.select({ id: logs.id }).from(logs).where(and(eq(logs.id, after), friendMaySee(memberId)));
      if (!anchor) return 'unknown anchor';
      // Both sides scalar, so the row comparison is an index condition on (user_id, occurred_at, id).
      behind = sql`and (${logs.occurredAt}, ${logs.id}) < ((select a.occurred_at from ${logs} a where a.id = ${after}), ${after}::uuid)`;
    }
    const byName = filters.find((f) => f.type === 'username')?.value;
    const ofOwner = (owner: SQL) =>
      byName === undefined ? sql`` : sql`and ${owner} in (select ${users.id} from ${users} where lower(${users.username}) = lower(${byName}))`;
    const scope: Scope = { circleOf: true, memberId };
    const narrowed = filtersOnly(scope, filters);
    const [page, total] = await Promise.all([
      queryRows<{ id: string; username: string }>(
        this.db,
        sql`select l.id, u.username from circle_members cm
            join ${users} u on u.id = cm.owner_id
            cross join lateral (
              select ${logs.id} as id, ${logs.occurredAt} as occurred_at from ${logs}
              where ${sharedAlongCm()} and ${narrowed} ${behind}
              order by ${logs.occurredAt} desc, ${logs.id} desc limit ${offset + limit}) l
            where cm.member_id = ${memberId} ${ofOwner(sql`cm.owner_id`)}
            order by l.occurred_at desc, l.id desc limit ${limit} offset ${offset}`,
      ),
      this.circleTotal(memberId, filters, ofOwner),
    ]);
    if (page.length === 0) return { rows: [], total };
    const found = new Map((await this.db.select(logRowColumns).from(logs).where(inArray(logs.id, page.map((p) => p.id)))).map((row) => [row.id, row]));
    // A log deleted between the two reads is left out of the page rather than shown as a gap.
    const rows = page.flatMap(({ id, username }) => {
      const log = found.get(id);
      return log ? [{ log, username }] : [];
    });
    return { rows, total };
  }

  /**
   * The feed's total, exact: without a filter but the username, the relations' visible_logs; under
   * one filter that circle_facet_counts keeps, their sum for that value; otherwise a count of the
   * rows through the rule.
   */
  private async circleTotal(memberId: string, filters: readonly Filter[], ofOwner: (owner: SQL) => SQL): Promise<number> {
    const narrowing = filters.filter((f) => f.type !== 'username');
    const facet = narrowing.length === 1 ? facetOf(narrowing[0]!) : undefined;
    if (narrowing.length > 0 && !facet) {
      const [row] = await this.db.select({ n: count() }).from(logs).where(filterConditions({ circleOf: true, memberId }, filters));
      return row?.n ?? 0;
    }
    const [row] = await queryRows<{ n: number }>(
      this.db,
      facet
        ? sql`select coalesce(sum(f.n), 0)::int as n from ${circleFacetCounts} f
              where f.member_id = ${memberId} and f.facet = ${facet.facet} and f.value = ${facet.value} ${ofOwner(sql`f.owner_id`)}`
        : sql`select coalesce(sum(cm.visible_logs), 0)::int as n from circle_members cm where cm.member_id = ${memberId} ${ofOwner(sql`cm.owner_id`)}`,
    );
    return row?.n ?? 0;
  }

  /** Map markers of the Inner Circle feed, each with its owner's username. */
  circleMarkers(memberId: string, filters: readonly Filter[]): Promise<Array<MapMarker & { username: string }>> {
    const where = filterConditions({ circleOf: true, memberId }, filters);
    return queryRows(
      this.db,
      sql`select ${logs.id} as "_id", ${logs.lat} as lat, ${logs.lng} as lng, ${logs.type} as type,
            ${logs.localMinute} as date, ${logs.lakeName} as lake, ${users.username} as username
          from ${logs} join ${users} on ${users.id} = ${logs.userId}
          where ${where} order by ${logs.occurredAt} desc limit 20000`,
    );
  }

  /**
   * The data page's charts counted in SQL: one pass over the matching logs with a grouping set per
   * chart (each by log type), so the answer is a few hundred counts, not a row per log. Illumination
   * and air temperature come back as bucket numbers (a multiple of ten stands for its bucket), wind
   * as the bearing (its compass sectors are uneven) and tags as each distinct tag list: core's bucket
   * functions then name them, so SQL and the single-log definition (buildCharts) cannot drift apart.
   */
  async chartTallies(scope: Scope, filters: readonly Filter[]): Promise<ChartTallies> {
    if (!scope.circleOf) {
      const own = (f: Filter) => f.type === 'username' && f.value.toLowerCase() === scope.username.toLowerCase();
      const narrowing = filters.filter((f) => !own(f));
      const year = narrowing.filter((f) => f.type === 'year');
      const type = narrowing.filter((f) => f.type === 'type');
      if (year.length <= 1 && type.length <= 1 && year.length + type.length === narrowing.length) {
        return this.keptChartTallies(scope.userId, year[0] && Number(year[0].value), type[0]?.value);
      }
    }
    const where = filterConditions(scope, filters);
    const rows = await this.withGroupingMemory(() =>
      queryRows<{ set: number; type: string; key: string | null; tags: string[] | null; n: number }>(
      this.db,
      sql`select grouping(illumination, phase, wind, lure_type, lure_color, conditions, air_temp, lake, month, species, tags) as set,
            type, coalesce(illumination::text, phase, wind::text, lure_type, lure_color, conditions, air_temp::text, lake, month::text, species) as key,
            tags, count(*)::int as n
          from (
            select type,
              case when lunar->>'moonIllum' is not null then least(9, greatest(0, floor((lunar->>'moonIllum')::real / 10)))::int end as illumination,
              moon_phase as phase,
              (weather->>'windDirection')::real as wind,
              lure_category as lure_type,
              lure_color_primary as lure_color,
              weather->>'summary' as conditions,
              case when (weather->>'airTemp')::real < 0 then -1 when (weather->>'airTemp')::real >= 100 then 10
                else floor((weather->>'airTemp')::real / 10)::int end as air_temp,
              lake_name as lake,
              extract(month from ${localTime})::int as month,
              fish_species as species,
              tags
            from ${logs} where ${where}
          ) l
          group by grouping sets ((type, illumination), (type, phase), (type, wind), (type, lure_type), (type, lure_color), (type, conditions),
            (type, air_temp), (type, lake), (type, month), (type, species), (type, tags))`,
      ),
    );
    const tallies = Object.fromEntries(CHART_KEYS.map((key) => [key, [] as Tally[]])) as ChartTallies;
    for (const row of rows) {
      // grouping() sets a bit for each column left out of the row's set: the one clear bit names the chart.
      const at = CHART_KEYS.findIndex((_, i) => (row.set & (1 << (CHART_KEYS.length - 1 - i))) === 0);
      const chart = CHART_KEYS[at]!;
      const { type, n } = row;
      if (chart === 'tag') {
        for (const label of row.tags ?? []) tallies.tag.push({ label, type, n });
        continue;
      }
      if (row.key === null) continue;
      const label = CHART_LABEL_OF[chart](row.key);
      if (label !== null) tallies[chart].push({ label, type, n });
    }
    return tallies;
  }

  /**
   * chartTallies of an angler's logs, or of one local year or log type of them, from the tallies the
   * triggers keep (the facets are the charts' keys; a row a year and type, so they are summed).
   */
  private async keptChartTallies(userId: string, year?: number, type?: string): Promise<ChartTallies> {
    const rows = await queryRows<{ facet: ChartKey; type: string; value: string; n: number }>(
      this.db,
      sql`select ${logTallies.facet} as facet, ${logTallies.type} as type, ${logTallies.value} as value, sum(${logTallies.n})::int as n from ${logTallies}
          where ${logTallies.userId} = ${userId} and ${inArray(logTallies.facet, [...CHART_KEYS])} and ${logTallies.n} > 0
            ${year === undefined ? sql`` : sql`and ${logTallies.year} = ${year}`} ${type === undefined ? sql`` : sql`and ${logTallies.type} = ${type}`}
          group by 1, 2, 3`,
    );
    const tallies = Object.fromEntries(CHART_KEYS.map((key) => [key, [] as Tally[]])) as ChartTallies;
    for (const { facet, type, value, n } of rows) {
      const label = facet === 'tag' ? value : CHART_LABEL_OF[facet](value);
      if (label !== null) tallies[facet].push({ label, type, n });
    }
    return tallies;
  }

  /**
   * The markers' answer written whole by SQL, byte for byte what serializing the seed's array of
   * objects gives: 20,000 markers as rows, or as one JSON value to parse, check and serialize again,
   * cost PGlite and the server several times the query itself. Each log keeps its marker's JSON
   * (logs.marker, migration 0028_log_markers), so this joins them in markerRows' order (one
   * Aggregate over an ordered Limit).
   */
  async markers(scope: Scope, filters: readonly Filter[]): Promise<JsonText<MapMarker[]>> {
    const where = filterConditions(scope, filters);
    const [row] = await queryRows<{ markers: string | null }>(
      this.db,
      sql`select '[' || string_agg(m.marker, ',') || ']' as markers from (${markerRows(where, sql`marker`)}) m`,
    );
    return new JsonText(row?.markers ?? '[]');
  }

  /**
   * The same markers a field an array (format=columns), byte for byte what packMarkerColumns and
   * serializing give, the arrays written by SQL as in `markers`. Only the lake names come back as
   * values, to number them in order of first appearance as packMarkerColumns does. A gauge comes
   * with its marker's id and gets the marker's place in the arrays here: numbering the rows in SQL
   * (a window over the 20,000) cost about a quarter of the statement, and few logs have a gauge.
   */
  async markerColumns(scope: Scope, filters: readonly Filter[]): Promise<JsonText<MarkerColumns>> {
    const where = filterConditions(scope, filters);
    const list = (item: SQL) => sql`coalesce('[' || string_agg(${item}, ',') || ']', '[]')`;
    const [row] = await queryRows<{ id: string; lat: string; lng: string; type: string; date: string; lake: string; gauges: string }>(
      this.db,
      sql`select ${list(sql`'"' || m.id || '"'`)} as id, ${list(sql`m.lat::text`)} as lat, ${list(sql`m.lng::text`)} as lng,
            ${list(sql`coalesce((array_position(${MARKER_TYPES}, m.type) - 1)::text, 'null')`)} as type, ${list(sql`'"' || m.date || '"'`)} as date,
            coalesce(json_agg(m.lake), '[]')::text as lake,
            ${list(sql`'{"id":"' || m.id || '",' || substr(${gaugeJson}, 2)`)} as gauges
          from (${markerRows(where, sql`id, lat, lng, type, local_minute as date, lake_name as lake, waterflow, gauge_station`)}) m`,
    );
    const { lake, gauges, ...text } = row!;
    const { lakes, lake: indexes } = numberLakes(JSON.parse(lake) as Array<string | null>);
    return new JsonText(
      `{"format":"columns","types":${JSON.stringify(LOG_TYPES)},"lakes":${JSON.stringify(lakes)},"id":${text.id},"lat":${text.lat},"lng":${text.lng},` +
        `"type":${text.type},"date":${text.date},"lake":${JSON.stringify(indexes)},"gauges":${placeGauges(gauges, text.id)}}`,
    );
  }

  /**
   * The same markers as the map's binary answer (MARKER_BYTES): each log's kept bytes (logs.marker_bytes,
   * migration 0029_log_marker_bytes) joined in markerRows' order. They leave the database as base64
   * text: PGlite reads a bytea's hex text back a character at a time, some ten times slower.
   */
  async markerBytes(scope: Scope, filters: readonly Filter[]): Promise<Buffer> {
    const where = filterConditions(scope, filters);
    const [row] = await queryRows<{ markers: string | null; n: number }>(
      this.db,
      sql`select encode(string_agg(m.marker_bytes, ''::bytea), 'base64') as markers, count(*)::int as n from (${markerRows(where, sql`marker_bytes`)}) m`,
    );
    const header = Buffer.from(JSON.stringify({ format: MARKER_BYTES.format, types: LOG_TYPES, count: row?.n ?? 0 } satisfies MarkerBytesHeader));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    return Buffer.concat([length, header, Buffer.from(row?.markers ?? '', 'base64')]);
  }

  /** The filter bar's choices: the states or lakes the angler's logs show, from the tallies. */
  async distinct(userId: string, facet: 'state' | 'lake'): Promise<string[]> {
    const rows = await queryRows<{ v: string }>(
      this.db,
      sql`select distinct ${logTallies.value} as v from ${logTallies}
          where ${logTallies.userId} = ${userId} and ${logTallies.facet} = ${facet} and ${logTallies.n} > 0 order by 1`,
    );
    return rows.map((r) => r.v);
  }

  /**
   * The dashboard charts' counts by log type, from the tallies the triggers keep: species, types (the
   * year facet holds every log once), lure categories, and fish lengths of 30 inches and more in whole inches.
   */
  async dashboardTallies(userId: string) {
    const rows = await queryRows<{ facet: string; type: string; value: string; n: number }>(
      this.db,
      sql`select ${logTallies.facet} as facet, ${logTallies.type} as type, ${logTallies.value} as value, sum(${logTallies.n})::int as n from ${logTallies}
          where ${logTallies.userId} = ${userId} and ${inArray(logTallies.facet, ['species', 'year', 'lureType', 'length'])} and ${logTallies.n} > 0
          group by 1, 2, 3`,
    );
    const species: Tally[] = [];
    const byType = new Map<string, number>();
    const lures: Tally[] = [];
    const lengths: { length: number; type: string; n: number }[] = [];
    for (const { facet, type, value, n } of rows) {
      if (facet === 'species') species.push({ label: value, type, n });
      else if (facet === 'lureType') lures.push({ label: value, type, n });
      else if (facet === 'year') byType.set(type, (byType.get(type) ?? 0) + n);
      else if (Number(value) >= 30) lengths.push({ length: Number(value), type, n });
    }
    const types: Tally[] = [...byType].map(([type, n]) => ({ label: type, type, n }));
    return { species, types, lures, lengths };
  }

  /** The longest fish and the latest catch, each the end of an index range. */
  async highlights(userId: string) {
    const [largest] = await queryRows<{ length: number; species: string | null; id: string }>(
      this.db,
      sql`select fish_length as length, fish_species as species, id from ${logs}
          where user_id = ${userId} and fish_length is not null order by fish_length desc limit 1`,
    );
    const [recent] = await queryRows<{ length: number | null; species: string | null; date: string; id: string }>(
      this.db,
      sql`select fish_length as length, fish_species as species, occurred_at as date, id from ${logs}
          where user_id = ${userId} and type = 'Catch' order by occurred_at desc, id desc limit 1`,
    );
    return { largest, recent };
  }
}
