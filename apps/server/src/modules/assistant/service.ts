import {
  readAssistantRequest,
  speak,
  spokenCatch,
  spokenClock,
  type AssistantRequest,
  type AssistantResponse,
} from '@tightlines/core/assistant';
import { messages } from '@tightlines/core/messages';
import { barometerInches, windLabel } from '@tightlines/core/weather';
import type { AccessService } from '../../access/access';
import type { Principal } from '../../access/principal';
import type { Config } from '../../config';
import { badRequest, notFound, unauthorized } from '../../lib/errors';
import { newToken, sha256 } from '../../lib/secrets';
import type { ForecastService } from '../forecast/service';
import type { LogsService } from '../logs/service';
import type { AssistantRepo } from './repo';

type Deps = {
  repo: AssistantRepo;
  config: Config['assistant'];
  access: AccessService;
  logs: LogsService;
  forecast: ForecastService;
  /** The member behind a token, in the assistant's scope (the accounts module builds it). */
  principalOf: (userId: string, tokenId: string) => Promise<Principal | null>;
  now: () => Date;
};

export const ASSISTANT_OFF = 'The voice assistant is not set up on this server.';
export const ASSISTANT_PREMIUM =
  'Hands-free logging and answers are part of Tightlines premium. Start a subscription on the Tightlines website, then ask me again.';
const NO_POSITION =
  'I do not know where you are yet. Share your location with the assistant, or save a log on Tightlines first, then ask me again.';
const HELP =
  'You can say: log a walleye, 22 inches, on a jig. Or: save a draft. Or ask: how many logs this month, what are the best fishing times today, what is the moon phase, or what is the weather.';

type Link = { client_id?: string | undefined; redirect_uri?: string | undefined; state?: string | undefined };

/**
 * The voice assistant: account linking as an OAuth 2.0 implicit grant (the seed's google-actions
 * flow) and the fulfillment webhook that logs catches and answers questions as plain speech.
 */
export class AssistantService {
  constructor(private readonly deps: Deps) {}

  /** Whether linking is on and the client and redirect address are the configured ones. */
  check(link: Link): { enabled: boolean; valid: boolean } {
    const config = this.deps.config;
    if (!config) return { enabled: false, valid: false };
    const clientOk = link.client_id === config.clientId;
    const redirectOk = link.redirect_uri !== undefined && config.redirectUris.includes(link.redirect_uri);
    return { enabled: true, valid: clientOk && redirectOk };
  }

  /**
   * A new token for the signed-in member (a web session: the route refuses an assistant token).
   * The redirect is built here, from an address on the allow-list only, so the page never
   * redirects anywhere the settings do not name.
   */
  async issue(principal: Principal, link: Link): Promise<{ token: string; token_type: 'bearer'; redirect: string | null }> {
    const config = this.deps.config;
    if (!config) throw notFound(ASSISTANT_OFF);
    if (link.client_id !== undefined && link.client_id !== config.clientId) throw badRequest('That assistant is not known to Tightlines.');
    if (link.redirect_uri !== undefined && !config.redirectUris.includes(link.redirect_uri)) {
      throw badRequest('That redirect address is not allowed.');
    }
    const token = newToken();
    await this.deps.repo.insert(principal.userId, config.clientId, sha256(token));
    let redirect: string | null = null;
    if (link.redirect_uri !== undefined) {
      const fragment = new URLSearchParams({ access_token: token, token_type: 'bearer', ...(link.state !== undefined && { state: link.state }) });
      redirect = `${link.redirect_uri}#${fragment.toString()}`;
    }
    return { token, token_type: 'bearer', redirect };
  }

  /** The member behind an assistant token; a web session token is not one and finds nobody. */
  async authenticate(token: string): Promise<Principal | null> {
    if (!token || !this.deps.config) return null;
    const row = await this.deps.repo.use(sha256(token), this.deps.now());
    return row ? this.deps.principalOf(row.userId, row.id) : null;
  }

  async links(principal: Principal) {
    const rows = await this.deps.repo.listOf(principal.userId);
    return rows.map((r) => ({ id: r.id, clientId: r.clientId, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }));
  }

  async revoke(principal: Principal, id: string): Promise<void> {
    if (!(await this.deps.repo.revoke(principal.userId, id, this.deps.now()))) throw notFound('No assistant link was found with that id.');
  }

  /**
   * One webhook call. The token comes from the Authorization header or, as Alexa and Actions
   * send it, from the body; only an assistant token is accepted.
   */
  async fulfil(body: unknown, headerToken: string | null): Promise<AssistantResponse> {
    const request = readAssistantRequest(body);
    if (!request) throw badRequest('That is not a Dialogflow or Alexa request.');
    const principal = await this.authenticate(headerToken ?? request.accessToken ?? '');
    if (!principal) throw unauthorized('Link your Tightlines account to the assistant first.');
    const say = (text: string, end = true) => speak(request.platform, text, end);
    if (request.intent === 'Stop') return say('Tight lines!');
    if (!this.deps.access.isPremium(principal)) return say(ASSISTANT_PREMIUM);
    switch (request.intent) {
      case 'Welcome':
        return say(`Hello ${principal.username}. ${HELP}`, false);
      case 'LogCatch':
        return say(await this.logCatch(principal, request));
      case 'InstantDraft':
        return say(await this.draft(principal, request));
      case 'LogsThisMonth': {
        const { used } = await this.deps.logs.allowance(principal);
        return say(`You have saved ${used} ${used === 1 ? 'log' : 'logs'} this month.`);
      }
      case 'SolunarTimes':
      case 'MoonPhase':
      case 'Weather': {
        const position = await this.position(principal, request);
        if (!position) return say(NO_POSITION);
        if (request.intent === 'Weather') return say(await this.weather(position));
        const day = this.deps.forecast.lunar(position.lat, position.lng, undefined);
        if (request.intent === 'MoonPhase') {
          return say(`The moon is ${day.moon.phase}, ${Math.round(day.moon.illumination * 100)} percent lit.`);
        }
        const span = (p: { start: string; end: string }) => `${spokenClock(p.start)} to ${spokenClock(p.end)}`;
        const majors = day.majors.map(span);
        const minors = day.minors.map(span);
        return say(
          [
            majors.length ? `Today's major periods are ${majors.join(' and ')}.` : 'There is no major period today.',
            minors.length ? `The minor periods are ${minors.join(' and ')}.` : '',
          ]
            .filter(Boolean)
            .join(' '),
        );
      }
      case 'Help':
        return say(HELP, false);
      default:
        return say(`Sorry, I cannot do that yet. ${HELP}`, false);
    }
  }

  /** Where the member is: the device's position when shared, else their latest log's. */
  private async position(principal: Principal, request: AssistantRequest) {
    if (request.location) return request.location;
    const { docs } = await this.deps.logs.list(principal, 1, 1);
    const location = docs[0]?.location;
    return location ? { lat: location.lat, lng: location.lng, lake: location.lake } : null;
  }

  private async logCatch(principal: Principal, request: AssistantRequest): Promise<string> {
    const position = await this.position(principal, request);
    if (!position) return NO_POSITION;
    const said = spokenCatch(request.slots);
    const log = await this.deps.logs.create(principal, {
      type: 'Catch',
      tags: [],
      privacy: 'private',
      notes: 'Logged with the voice assistant.',
      photo: null,
      fish: { species: said.species, length: said.length, girth: null, weight: null },
      lure: { category: said.lure, colorPrimary: null, colorSecondary: null, length: null, note: null },
      lake: { waterTemp: null, waterVisibility: null, lakeStructure: null, lakeDepth: null, lureDepth: null },
      location: { lat: position.lat, lng: position.lng, lake: null, state: null, zone: null, lakeStructure: null },
    });
    const fish = [said.length ? `${said.length} inch` : null, said.species ?? 'fish'].filter(Boolean).join(' ');
    const where = log.location.lake ? ` on ${log.location.lake}` : '';
    return `Logged a ${fish}${said.lure ? ` on a ${said.lure.toLowerCase()}` : ''}${where}. Tight lines!`;
  }

  private async draft(principal: Principal, request: AssistantRequest): Promise<string> {
    const position = await this.position(principal, request);
    if (!position) return NO_POSITION;
    await this.deps.logs.create(principal, {
      type: 'Draft',
      tags: [],
      privacy: 'private',
      notes: null,
      photo: null,
      fish: { species: null, length: null, girth: null, weight: null },
      lure: { category: null, colorPrimary: null, colorSecondary: null, length: null, note: null },
      lake: { waterTemp: null, waterVisibility: null, lakeStructure: null, lakeDepth: null, lureDepth: null },
      location: { lat: position.lat, lng: position.lng, lake: null, state: null, zone: null, lakeStructure: null },
    });
    return messages.draftCreated;
  }

  private async weather(position: { lat: number; lng: number }): Promise<string> {
    const weather = await this.deps.forecast.current(position.lat, position.lng);
    if (weather.reason !== null) return 'I could not get the weather just now. Please try again in a few minutes.';
    const parts = [weather.airTemp === null ? `It is ${weather.summary.toLowerCase()}` : `It is ${Math.round(weather.airTemp)} degrees and ${weather.summary.toLowerCase()}`];
    if (weather.windSpeed !== null) parts.push(`wind ${Math.round(weather.windSpeed)} miles per hour from the ${windLabel(weather.windDirection)}`);
    const inches = barometerInches(weather.barometer);
    if (inches !== null) parts.push(`pressure ${inches} inches`);
    return `${parts.join(', ')}.`;
  }
}
