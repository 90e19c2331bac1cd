import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuth } from './http/auth';
import { registerErrorHandler } from './http/errors';
import { registerPlugins } from './http/plugins';
import { registerRoutes } from './http/routes';
import { registerWeb } from './http/web';
import { startJob } from './jobs';
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
  /** The app's one clock (services and providers); tests move it to reach expiry and retry times. */
  now?: () => Date;
};

export type App = {
  app: FastifyInstance;
  services: { accounts: AccountsService; forecast: ForecastService; logs: LogsService };
};

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Only behind a proxy we run may X-Forwarded-For name the client; otherwise anyone could pick an address.
    trustProxy: config.trustProxy,
  });

  await registerPlugins(app, config);
  registerErrorHandler(app);

  const storage = new LocalFileStorage(path.join(config.dataDir, 'uploads'));
  fs.mkdirSync(storage.root, { recursive: true });
  const mailer =
    options.mailer ??
    (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(database.db, app.log));

  const accountsRepo = new AccountsRepo(database.db);
  const accounts = new AccountsService({ repo: accountsRepo, config, mailer, storage, log: app.log, now });
  registerAuth(app, (token) => accounts.authenticate(token));

  const places = new OfflinePlaces();
  const weather =
    options.weather ??
    new OpenMeteoWeather({ forecastUrl: config.openMeteoUrl, archiveUrl: config.openMeteoArchiveUrl, log: app.log, now });
  const forecast = new ForecastService({ places, weather, repo: new ForecastRepo(database.db), now });
  const waterflow = config.usgsUrl ? new UsgsWaterflow({ baseUrl: config.usgsUrl, log: app.log, now }) : null;
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
    now,
  });
  // Outside data a log could not get at once is retried in the background, never blocking a save.
  startJob(app, 'log enrichment', config.enrichIntervalMs, () => logs.enrichPending());
  const transfer = new LogTransferService({
    repo: new TransferRepo(database.db),
    logs,
    places,
    premium: async (userId) => (await accounts.premiumOf(userId)).premium,
    now,
  });

  await registerRoutes(app, [
    ...utilRoutes(config),
    ...accountsRoutes(app, accounts, config),
    ...placesRoutes(new PlacesService(places)),
    ...forecastRoutes(forecast, accounts),
  ]);
  logsRoutes(app, logs, config);
  transferRoutes(app, transfer, config);
  analysisRoutes(app, new AnalysisService(new AnalysisRepo(database.db)));
  outingsRoutes(app, new OutingsService(new OutingsRepo(database.db), logsRepo, logs, now));

  await registerWeb(app, config, storage.root);

  return { app, services: { accounts, forecast, logs } };
}
