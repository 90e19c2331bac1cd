import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuth } from './lib/auth';
import { HttpError } from './lib/errors';
import { AccountsRepo } from './modules/accounts/repo';
import { accountsRoutes } from './modules/accounts/routes';
import { AccountsService } from './modules/accounts/service';
import { utilRoutes } from './modules/util/routes';
import { ForecastRepo } from './modules/forecast/repo';
import { forecastRoutes } from './modules/forecast/routes';
import { ForecastService } from './modules/forecast/service';
import { LogEnricher } from './modules/logs/enrich';
import { LogsRepo } from './modules/logs/repo';
import { logsRoutes } from './modules/logs/routes';
import { LogsService } from './modules/logs/service';
import { LogTransferService } from './modules/logs/transfer';
import { TransferRepo } from './modules/logs/transfer-repo';
import { transferRoutes } from './modules/logs/transfer-routes';
import { placesRoutes } from './modules/places/routes';
import { AnalysisRepo } from './modules/analysis/repo';
import { OutingsRepo } from './modules/outings/repo';
import { outingsRoutes } from './modules/outings/routes';
import { OutingsService } from './modules/outings/service';
import { analysisRoutes } from './modules/analysis/routes';
import { AnalysisService } from './modules/analysis/service';
import { OverpassLakes } from './providers/lakes/overpass';
import { UsgsWaterflow } from './providers/waterflow/usgs';
import { PlacesService } from './modules/places/service';
import { OfflinePlaces } from './providers/places/offline-places';
import { OpenMeteoWeather } from './providers/weather/open-meteo';
import type { WeatherProvider } from './providers/weather/weather';
import type { Mailer } from './providers/mail/mailer';
import { OutboxMailer } from './providers/mail/outbox';
import { SmtpMailer } from './providers/mail/smtp';
import { LocalFileStorage } from './providers/storage/local';

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replaces a provider, for tests that need to watch one. */
  mailer?: Mailer;
  weather?: WeatherProvider;
};

export type App = {
  app: FastifyInstance;
  services: { accounts: AccountsService; forecast: ForecastService; logs: LogsService };
};

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Only behind a proxy we run may X-Forwarded-For name the client; otherwise anyone could pick an address.
    trustProxy: config.trustProxy,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', 'https://tiles.openseamap.org'],
        'frame-src': ['https://www.youtube-nocookie.com'],
        'connect-src': ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });

  const storage = new LocalFileStorage(path.join(config.dataDir, 'uploads'));
  fs.mkdirSync(storage.root, { recursive: true });
  const mailer =
    options.mailer ??
    (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(database.db, app.log));

  const accountsRepo = new AccountsRepo(database.db);
  const accounts = new AccountsService({ repo: accountsRepo, config, mailer, storage, log: app.log });
  registerAuth(app, (token) => accounts.authenticate(token));

  const places = new OfflinePlaces();
  const weather =
    options.weather ??
    new OpenMeteoWeather({ forecastUrl: config.openMeteoUrl, archiveUrl: config.openMeteoArchiveUrl, log: app.log });
  const forecast = new ForecastService({ places, weather, repo: new ForecastRepo(database.db) });
  const waterflow = config.usgsUrl ? new UsgsWaterflow({ baseUrl: config.usgsUrl, log: app.log }) : null;
  const logsRepo = new LogsRepo(database.db);
  const logs = new LogsService({
    repo: logsRepo,
    enricher: new LogEnricher({ places, weather, waterflow, log: app.log }),
    storage,
    waterflow,
    lakeSource: config.overpassUrl ? new OverpassLakes({ baseUrl: config.overpassUrl, log: app.log }) : null,
    premium: async (userId) => (await accounts.premiumOf(userId)).premium,
    userByName: (username) => accountsRepo.findByUsername(username),
    log: app.log,
  });
  // Outside data a log could not get at once is retried in the background, never blocking a save.
  const enrichTimer = setInterval(() => {
    logs.enrichPending().catch((error: unknown) => app.log.error({ err: error }, 'log enrichment failed'));
  }, config.enrichIntervalMs);
  enrichTimer.unref();
  app.addHook('onClose', async () => clearInterval(enrichTimer));
  const transfer = new LogTransferService({
    repo: new TransferRepo(database.db),
    logs,
    places,
    premium: async (userId) => (await accounts.premiumOf(userId)).premium,
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send(error.body());
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again in a moment.' });
    }
    const message =
      status === 413
        ? 'That request is too large.'
        : (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Please send JSON (Content-Type: application/json).'
          : (error as Error).message;
    return reply.code(status).send({ error: message });
  });

  utilRoutes(app, config);
  accountsRoutes(app, accounts, config);
  forecastRoutes(app, forecast, accounts);
  placesRoutes(app, new PlacesService(places));
  logsRoutes(app, logs, config);
  transferRoutes(app, transfer, config);
  analysisRoutes(app, new AnalysisService(new AnalysisRepo(database.db)));
  outingsRoutes(app, new OutingsService(new OutingsRepo(database.db), logsRepo, logs));

  await app.register(fastifyStatic, { root: storage.root, prefix: '/uploads/', decorateReply: false });
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: false, index: false });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/uploads/')) {
      return reply.code(404).send({ error: `No such API route: ${request.method} ${request.url.split('?')[0]}` });
    }
    if (!hasWeb) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    // History mode: every page path is the app's; the router in the browser picks the screen.
    return reply.type('text/html').sendFile('index.html', config.webDist, { maxAge: 0 });
  });

  return { app, services: { accounts, forecast, logs } };
}
