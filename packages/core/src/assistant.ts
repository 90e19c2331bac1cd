import { z } from 'zod';
import { formatClock } from './solunar/format';

/**
 * The voice assistant's side of the API: the two request formats the fulfillment webhook speaks
 * (Dialogflow ES webhook JSON and the Alexa Skills Kit request JSON), read into one shape, and the
 * answers written back in each format as plain speech.
 */
export const ASSISTANT_INTENTS = ['Welcome', 'LogCatch', 'InstantDraft', 'LogsThisMonth', 'SolunarTimes', 'MoonPhase', 'Weather', 'Help', 'Stop'] as const;
export type AssistantIntent = (typeof ASSISTANT_INTENTS)[number];

export type AssistantPlatform = 'dialogflow' | 'alexa';

export type AssistantRequest = {
  platform: AssistantPlatform;
  /** null: an intent this fulfillment does not know. */
  intent: AssistantIntent | null;
  slots: Record<string, unknown>;
  /** The linked account's token as the platform forwards it in the body (Alexa always does). */
  accessToken: string | null;
  /** The device's position when the platform shares it. */
  location: { lat: number; lng: number } | null;
};

/** Platform intent names (and Alexa's built-ins) to ours; matched without case, spaces or dots. */
const INTENT_ALIASES: Record<string, AssistantIntent> = {
  welcome: 'Welcome',
  defaultwelcomeintent: 'Welcome',
  launchrequest: 'Welcome',
  logcatch: 'LogCatch',
  instantdraft: 'InstantDraft',
  logsthismonth: 'LogsThisMonth',
  solunartimes: 'SolunarTimes',
  moonphase: 'MoonPhase',
  weather: 'Weather',
  help: 'Help',
  amazonhelpintent: 'Help',
  stop: 'Stop',
  amazonstopintent: 'Stop',
  amazoncancelintent: 'Stop',
  sessionendedrequest: 'Stop',
};

export const intentOf = (name: string | undefined): AssistantIntent | null =>
  name ? (INTENT_ALIASES[name.toLowerCase().replace(/[^a-z]/g, '')] ?? null) : null;

const record = z.record(z.string(), z.unknown());
const coordinate = z.number().finite();

const dialogflowRequest = z.object({
  queryResult: z.object({
    intent: z.object({ displayName: z.string().max(200) }).partial().optional(),
    parameters: record.optional(),
  }),
  originalDetectIntentRequest: z
    .object({
      payload: z
        .object({
          user: z.object({ accessToken: z.string().max(200) }).partial().optional(),
          device: z.object({ location: z.object({ coordinates: z.object({ latitude: coordinate, longitude: coordinate }) }) }).partial().optional(),
        })
        .partial()
        .optional(),
    })
    .partial()
    .optional(),
});

const alexaRequest = z.object({
  version: z.string().optional(),
  session: z.object({ user: z.object({ accessToken: z.string().max(200) }).partial().optional() }).partial().optional(),
  context: z
    .object({
      System: z.object({ user: z.object({ accessToken: z.string().max(200) }).partial().optional() }).partial().optional(),
      Geolocation: z.object({ coordinate: z.object({ latitudeInDegrees: coordinate, longitudeInDegrees: coordinate }) }).partial().optional(),
    })
    .partial()
    .optional(),
  request: z.object({
    type: z.string().max(100),
    intent: z
      .object({
        name: z.string().max(200),
        slots: z.record(z.string(), z.object({ value: z.unknown().optional() }).passthrough()).optional(),
      })
      .optional(),
  }),
});

/** Reads either platform's request; null when the body is neither. */
export function readAssistantRequest(body: unknown): AssistantRequest | null {
  const df = dialogflowRequest.safeParse(body);
  if (df.success) {
    const payload = df.data.originalDetectIntentRequest?.payload;
    const coords = payload?.device?.location?.coordinates;
    return {
      platform: 'dialogflow',
      intent: intentOf(df.data.queryResult.intent?.displayName),
      slots: df.data.queryResult.parameters ?? {},
      accessToken: payload?.user?.accessToken ?? null,
      location: coords ? { lat: coords.latitude, lng: coords.longitude } : null,
    };
  }
  const alexa = alexaRequest.safeParse(body);
  if (alexa.success) {
    const { request, context, session } = alexa.data;
    const coords = context?.Geolocation?.coordinate;
    const slots = Object.fromEntries(Object.entries(request.intent?.slots ?? {}).map(([name, slot]) => [name, slot.value]));
    return {
      platform: 'alexa',
      intent: intentOf(request.type === 'IntentRequest' ? request.intent?.name : request.type),
      slots,
      accessToken: context?.System?.user?.accessToken ?? session?.user?.accessToken ?? null,
      location: coords ? { lat: coords.latitudeInDegrees, lng: coords.longitudeInDegrees } : null,
    };
  }
  return null;
}

export const dialogflowResponse = z.object({ fulfillmentText: z.string() });
export const alexaResponse = z.object({
  version: z.literal('1.0'),
  response: z.object({
    outputSpeech: z.object({ type: z.literal('PlainText'), text: z.string() }),
    shouldEndSession: z.boolean(),
  }),
});
export const assistantResponse = z.union([dialogflowResponse, alexaResponse]);
export type AssistantResponse = z.infer<typeof assistantResponse>;

export function speak(platform: AssistantPlatform, text: string, endSession = true): AssistantResponse {
  if (platform === 'dialogflow') return { fulfillmentText: text };
  return { version: '1.0', response: { outputSpeech: { type: 'PlainText', text }, shouldEndSession: endSession } };
}

/** The lure categories the log form offers; a spoken lure matching one is stored as that category. */
const LURES = ['Crankbait', 'Spinnerbait', 'Bucktail', 'Rubber', 'Jerkbait', 'Glider', 'Topwater', 'Jig', 'Livebait', 'Swimbait'];

const slotText = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
};

/** "22", 22, "22 inches", or Dialogflow's unit-length {amount, unit}; centimetres become inches. */
export function spokenLength(value: unknown): number | null {
  let amount: number | null = null;
  let unit = 'in';
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string') {
    const match = /([\d.]+)\s*([a-z]*)/i.exec(value);
    if (match) {
      amount = Number(match[1]);
      unit = match[2] || unit;
    }
  } else if (value && typeof value === 'object' && 'amount' in value) {
    amount = Number((value as { amount: unknown }).amount);
    unit = String((value as { unit?: unknown }).unit ?? unit);
  }
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return null;
  const inches = /^c(m|entimet)/i.test(unit) ? amount / 2.54 : amount;
  return inches > 100 ? null : Math.round(inches * 10) / 10;
}

export type SpokenCatch = { species: string | null; length: number | null; lure: string | null };

/** "walleye, 22 inches, on a jig" as the platform's slots give it. */
export function spokenCatch(slots: Record<string, unknown>): SpokenCatch {
  const species = slotText(slots.species ?? slots.fish);
  const lureSaid = slotText(slots.lure ?? slots.bait);
  const known = lureSaid ? LURES.find((l) => lureSaid.toLowerCase().replace(/[^a-z]/g, '').startsWith(l.toLowerCase())) : undefined;
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
  return {
    species: species ? capital(species).slice(0, 60) : null,
    length: spokenLength(slots.length ?? slots.size),
    lure: known ?? (lureSaid ? capital(lureSaid).slice(0, 40) : null),
  };
}

/** '06:12 AM' spoken as '6:12 AM'. */
export const spokenClock = (iso: string) => formatClock(iso).replace(/^0/, '');
