import type { z } from 'zod';
import { publicUserView, userView } from '../accounts';
import { chartData } from '../charts';
import { lunarView, monthlyLunarDay } from '../forecast';
import { logView } from '../logs';
import { outingView } from '../outings';
import { forecastDaySchema, historicDaySchema, hourlyEntrySchema, weatherCurrentSchema } from '../weather';
import { API_AREAS, contractsOf } from './all';
import { isRaw, type Contract } from './contract';

/**
 * docs/api.md's route tables, written from the contracts (scripts/api-docs.mjs writes them into the
 * file between these markers; a server test fails when the file is out of date). Shapes that have
 * their own section in docs/api.md are named and linked instead of spelled out.
 */
export const API_DOCS_START = '<!-- api:routes:start (written by scripts/api-docs.mjs from packages/core/src/api; do not edit) -->';
export const API_DOCS_END = '<!-- api:routes:end -->';

const NAMED: ReadonlyArray<readonly [z.ZodType, string]> = [
  [userView, '[User](#user)'],
  [publicUserView, '[User](#user) (public part)'],
  [logView, '[Log](#log)'],
  [outingView, '[Outing](#outing)'],
  [chartData, '[Chart](#chart-data)'],
  [lunarView, '[Lunar day](#lunar-day)'],
  [weatherCurrentSchema, '[Current weather](#current-weather)'],
  [forecastDaySchema, '[Forecast day](#forecast-day)'],
  [hourlyEntrySchema, '[Hour](#hour)'],
  [historicDaySchema, '[Past day](#past-day)'],
  [monthlyLunarDay, 'Monthly lunar day'],
];

const AREA_TITLES: Record<keyof typeof API_AREAS, string> = {
  util: 'Util',
  accounts: 'Accounts and password reset',
  places: 'Places',
  forecast: 'Forecast & lunar',
  logs: 'Logs',
  tags: 'Tags',
  lakes: 'Lakes',
  transfer: 'Export, import and drafts from photos',
  analysis: 'Analysis (data page) and Your Stats',
  outings: 'Outings',
  circle: 'Inner Circle',
  billing: 'Billing: plans, cards, subscriptions and payments',
  events: 'Events (seed 002)',
  eventPayments: 'Event payments (PayPal, cards, mobile checkout) and the muskie form',
  eventOwner: 'Events: the owner dashboard (seed 002)',
  outreach: 'Ambassadors, contact, robots.txt and sitemap',
  newsletter: 'Newsletter',
  assistant: 'Voice assistant: account linking and fulfillment',
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const inner = (def: Def, key: string) => def[key] as z.ZodType;

/** The object a body or query schema takes, through preprocessing, defaults and refinements. */
function objectOf(schema: z.ZodType): z.ZodType | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return schema;
    case 'pipe':
      return objectOf(inner(def, 'in')) ?? objectOf(inner(def, 'out'));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return objectOf(inner(def, 'innerType'));
    default:
      return null;
  }
}

function isOptional(schema: z.ZodType): boolean {
  const type = defOf(schema).type;
  if (type === 'optional' || type === 'default' || type === 'prefault') return true;
  if (type === 'pipe') return isOptional(inner(defOf(schema), 'in'));
  return false;
}

/** `{ email, password, refer? }`: the top-level fields of an input, `?` for the optional ones. */
function fields(schema: z.ZodType | undefined): string {
  const object = schema && objectOf(schema);
  if (!object) return '';
  const shape = defOf(object).shape as Record<string, z.ZodType>;
  return `\`{ ${Object.entries(shape)
    .map(([name, field]) => `${name}${isOptional(field) ? '?' : ''}`)
    .join(', ')} }\``;
}

/** A short type of an answer: named shapes by name, objects by their fields, one level deep. */
function describe(schema: z.ZodType, depth = 0): string {
  const named = NAMED.find(([candidate]) => candidate === schema);
  if (named) return named[1];
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const parts = Object.entries(shape).map(([name, field]) => (depth < 1 ? `${name}: ${describe(field, depth + 1)}` : name));
      return `{ ${parts.join(', ')} }`;
    }
    case 'array':
      return `${describe(inner(def, 'element'), depth)}[]`;
    case 'nullable':
      return `${describe(inner(def, 'innerType'), depth)} \\| null`;
    case 'optional':
      return `${describe(inner(def, 'innerType'), depth)}?`;
    case 'pipe':
      return describe(inner(def, 'out'), depth);
    case 'literal':
      return (def.values as unknown[]).map((v) => JSON.stringify(v)).join(' \\| ');
    case 'enum':
      return Object.values(def.entries as Record<string, string>)
        .map((v) => JSON.stringify(v))
        .join(' \\| ');
    default:
      return def.type;
  }
}

function answer(contract: Contract): string {
  if (isRaw(contract.response)) return `a file (\`${contract.response.contentType}\`)`;
  const status = contract.status ?? 200;
  return `${status} ${describe(contract.response)}`;
}

function input(contract: Contract): string {
  if (contract.body === 'multipart') return 'multipart/form-data';
  const parts = [];
  if (contract.query) parts.push(`query ${fields(contract.query)}`);
  if (contract.body) parts.push(`body ${fields(contract.body)}`);
  return parts.join('<br>');
}

const cell = (text: string) => text.replaceAll('\n', ' ').replaceAll('|', '\\|').replaceAll('\\\\|', '\\|');

/** The generated part of docs/api.md: one table of routes per area. */
export function renderApiTables(): string {
  const lines = [API_DOCS_START, ''];
  for (const area of Object.keys(API_AREAS) as Array<keyof typeof API_AREAS>) {
    const contracts = contractsOf(area).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
    lines.push(`### ${AREA_TITLES[area]}`, '', `\`packages/core/src/api/${area}.ts\``, '');
    lines.push('| method | path | access | what it does | input | answer |', '| --- | --- | --- | --- | --- | --- |');
    for (const c of contracts) {
      lines.push(`| ${c.method} | \`${c.path}\` | ${c.access} | ${cell(c.summary)} | ${cell(input(c))} | ${cell(answer(c))} |`);
    }
    lines.push('');
  }
  lines.push(API_DOCS_END);
  return lines.join('\n');
}

/** docs/api.md with its generated part replaced; throws when the markers are missing. */
export function withApiTables(markdown: string): string {
  const start = markdown.indexOf(API_DOCS_START);
  const end = markdown.indexOf(API_DOCS_END);
  if (start < 0 || end < start) throw new Error(`docs/api.md needs the markers ${API_DOCS_START} and ${API_DOCS_END}.`);
  return markdown.slice(0, start) + renderApiTables() + markdown.slice(end + API_DOCS_END.length);
}
