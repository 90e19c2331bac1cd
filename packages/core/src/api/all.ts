import type { Contract } from './contract';
import * as accounts from './accounts';
import * as analysis from './analysis';
import * as billing from './billing';
import * as circle from './circle';
import * as events from './events';
import * as eventPayments from './event-payments';
import * as eventOwner from './event-owner';
import * as assistant from './assistant';
import * as forecast from './forecast';
import * as lakes from './lakes';
import * as logs from './logs';
import * as newsletter from './newsletter';
import * as outings from './outings';
import * as outreach from './outreach';
import * as places from './places';
import * as tags from './tags';
import * as transfer from './transfer';
import * as util from './util';

/** Every contract file by area, in the order docs/api.md lists them. A new area file is added here. */
export const API_AREAS = { util, accounts, places, forecast, logs, tags, lakes, transfer, analysis, outings, circle, billing, events, eventPayments, eventOwner, outreach, newsletter, assistant } as const;

function isContract(value: unknown): value is Contract {
  const c = value as Partial<Contract> | null;
  return typeof c === 'object' && c !== null && typeof c.method === 'string' && typeof c.path === 'string' && 'response' in c;
}

/** The contracts of one area file (in export-name order: a module namespace sorts its names). */
export function contractsOf(area: keyof typeof API_AREAS): Contract[] {
  return Object.values(API_AREAS[area]).filter(isContract);
}

/** Every endpoint of the API. */
export function allContracts(): Contract[] {
  return (Object.keys(API_AREAS) as Array<keyof typeof API_AREAS>).flatMap(contractsOf);
}
