import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { forecast as forecastByGet } from '@tightlines/core/api/forecast';
import { deleteLogByGet } from '@tightlines/core/api/logs';
import type { LakeOutline } from '@tightlines/core/geo';
import { AccessService } from './access/access';
import type { Config } from './config';
import type { Database } from './db/client';
import { DbContext } from './db/context';
import { registerAuth } from './http/auth';
import { registerErrorHandler } from './http/errors';
import { loggerOptions, logRequest } from './http/log-redact';
import { clientKey } from './http/client-key';
import { registerPlugins } from './http/plugins';
import { registerRoutes } from './http/routes';
import { registerWeb } from './http/web';
import { startJob } from './jobs';
import { SecretBox } from './lib/secret-box';
import { AccountsRepo } from './modules/accounts/repo';
import { SessionCache, shareRevocations } from './modules/accounts/session-cache';
import { accountsRoutes } from './modules/accounts/routes';
import { AccountsService } from './modules/accounts/service';
import { analysisRoutes } from './modules/analysis/routes';
import { BillingRepo } from './modules/billing/repo';
import { billingRoutes } from './modules/billing/routes';
import { BillingService } from './modules/billing/service';
import { AssistantRepo } from './modules/assistant/repo';
import { assistantRoutes } from './modules/assistant/routes';
import { AssistantService } from './modules/assistant/service';
import { AnalysisService } from './modules/analysis/service';
import { CircleRepo } from './modules/circle/repo';
import { CircleNotifier } from './modules/circle/notifier';
import { circleRoutes } from './modules/circle/routes';
import { CircleService } from './modules/circle/service';
import { LogEnricher } from './modules/enrichment/enricher';
import { EnrichmentJob } from './modules/enrichment/job';
import { EventPaymentsService } from './modules/events/event-payments';
import { EventPaymentsRepo } from './modules/events/event-payments-repo';
import { eventPaymentsRoutes } from './modules/events/event-payments-routes';
import { billingFeePayments } from './modules/events/fee-payments';
import { activeCheckin, CheckinService } from './modules/events/checkin';
import { CheckinRepo } from './modules/events/checkin-repo';
import { FishService } from './modules/events/fish';
import { FishRepo } from './modules/events/fish-repo';
import { Leaderboard } from './modules/events/leaderboard';
import { LeaderboardRepo } from './modules/events/leaderboard-repo';
import { LiveEvents } from './modules/events/live';
import { OwnerRepo } from './modules/events/owner-repo';
import { ownerRoutes } from './modules/events/owner-routes';
import { OwnerService } from './modules/events/owner-service';
import { LocalEventsPublisher } from './modules/events/publisher';
import { EventPayouts } from './modules/events/payout';
import { RegistrationService } from './modules/events/registration';
import { RegistrationRepo } from './modules/events/registration-repo';
import { registrationRoutes } from './modules/events/registration-routes';
import { EventListCache, shareListChanges } from './modules/events/list-cache';
import { EventsRepo } from './modules/events/repo';
import { readPhotoExif } from './modules/photos/exif';
import { PhotoExifRepo } from './modules/photos/repo';
import { eventsRoutes } from './modules/events/routes';
import { EventsService } from './modules/events/service';
import { ForecastRepo } from './modules/forecast/repo';
import { forecastRoutes } from './modules/forecast/routes';
import { ForecastService } from './modules/forecast/service';
import { LakesRepo } from './modules/lakes/repo';
import { lakesRoutes } from './modules/lakes/routes';
import { LakesService } from './modules/lakes/service';
import { registerLogPhotoRoute } from './modules/logs/photo-route';
import { LogPhotoSigner } from './modules/logs/photos';
import { LogsQuery } from './modules/logs/query';
import { QuotasRepo } from './modules/quotas/repo';
import { QuotasService } from './modules/quotas/service';
import { LogsQueryRepo } from './modules/logs/query-repo';
import { LogsRepo } from './modules/logs/repo';
import { logsRoutes } from './modules/logs/routes';
import { LogsService } from './modules/logs/service';
import { NewsletterRepo } from './modules/newsletter/repo';
import { newsletterRoutes } from './modules/newsletter/routes';
import { NewsletterService } from './modules/newsletter/service';
import { OutingsRepo } from './modules/outings/repo';
import { OutreachRepo } from './modules/outreach/repo';
import { outreachRoutes } from './modules/outreach/routes';
import { OutreachService } from './modules/outreach/service';
import { outingsRoutes } from './modules/outings/routes';
import { OutingsService } from './modules/outings/service';
import { placesRoutes } from './modules/places/routes';
import { PlacesService } from './modules/places/service';
import { TagsRepo } from './modules/tags/repo';
import { tagsRoutes } from './modules/tags/routes';
import { TagsService } from './modules/tags/service';
import { transferRoutes } from './modules/transfer/routes';
import { sweepImportSpools, TransferService } from './modules/transfer/service';
import { AnswerCache, USER_DATA_CHANNEL } from './modules/util/answer-cache';
import { utilRoutes } from './modules/util/routes';
import { OverpassLakes } from './providers/lakes/overpass';
import type { Mailer } from './providers/mail/mailer';
import type { PaymentProcessor } from './providers/payments/payments';
import { MailchimpList } from './providers/newsletter/mailchimp';
import { OutboxMailer } from './providers/mail/outbox';
import { SmtpMailer } from './providers/mail/smtp';
import { PayPalClient } from './providers/payments/paypal';
import { StripePaymentProcessor } from './providers/payments/stripe';
import { TestPaymentProcessor } from './providers/payments/test-processor';
import { OfflinePlaces } from './providers/places/offline-places';
import type { PushSender } from './providers/push/push';
import { vapidKeys, WebPushSender } from './providers/push/web-push';
import { LocalFileStorage } from './providers/storage/local';
import { UsgsWaterflow } from './providers/waterflow/usgs';
import { IpApiGeolocation } from './providers/geolocation/ip-api';
import { OpenMeteoWeather } from './providers/weather/open-meteo';
import type { WeatherProvider } from './providers/weather/weather';

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replaces a provider, for tests that need to watch one. */
  mailer?: Mailer;
  weather?: WeatherProvider;
  payments?: PaymentProcessor;
  push?: PushSender;
  /** The app's one clock (services and providers); tests move it to reach expiry and retry times. */
  now?: () => Date;
};

export type App = {
  app: FastifyInstance;
  services: {
    accounts: AccountsService;
    forecast: ForecastService;
    logs: LogsService;
    enrichment: EnrichmentJob;
    billing: BillingService;
    circleNotifier: CircleNotifier;
    outreach: OutreachService;
    entryPayments: EventPaymentsService;
    live: LiveEvents;
    /** The ranked board of an event (the live module answers a room join with it). */
    leaderboard: Leaderboard;
    /** Accepted fish, for whoever listens (the live module; tests). */
    eventsPublisher: LocalEventsPublisher;
  };
};

/** GET routes that write the member's data: deleting a log, and a forecast (it saves the search to the member's list). */
const WRITING_GETS = new Set<string>([deleteLogByGet.path, forecastByGet.path]);

/**
 * The composition root: outside plugins, providers, then each module's repo and service, wired
 * to each other here (a module reaches another only through its service, or through a small port
 * given here when the arrow would run the other way), then every route from its contract.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // logRequest below writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Only behind a proxy we run may X-Forwarded-For name the client; otherwise anyone could pick an address.
    trustProxy: config.trustProxy,
  });

  app.addHook('onResponse', logRequest);
  await registerPlugins(app, config);
  registerErrorHandler(app);

  // Providers: outside services behind interfaces; the optional ones are off without a URL.
  const storage = new LocalFileStorage(path.join(config.dataDir, 'uploads'));
  fs.mkdirSync(storage.root, { recursive: true });
  const mailer =
    options.mailer ??
    (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom, config.smtpTimeoutMs) : new OutboxMailer(database.db, app.log));
  const places = new OfflinePlaces();
  const weather =
    options.weather ??
    new OpenMeteoWeather({ forecastUrl: config.openMeteoUrl, archiveUrl: config.openMeteoArchiveUrl, log: app.log, now });
  const waterflow = config.usgsUrl ? new UsgsWaterflow({ baseUrl: config.usgsUrl, log: app.log, now }) : null;
  const push = options.push ?? new WebPushSender(vapidKeys(config.push, config.dataDir), config.push.subject);
  const newsletterList = config.mailchimp ? new MailchimpList(config.mailchimp) : null;
  const lakeSource = config.overpassUrl ? new OverpassLakes({ baseUrl: config.overpassUrl, log: app.log }) : null;

  const db = new DbContext(database.db);
  const { transaction } = db;

  // Resolved sessions kept briefly in memory; with REDIS_URL a revocation reaches every node.
  const sessionCache = new SessionCache(config.session.cacheMs, undefined, !config.redisUrl);
  if (config.redisUrl && config.session.cacheMs > 0) {
    const stopSharing = shareRevocations(sessionCache, config.redisUrl, config.redisKeyPrefix, app.log);
    app.addHook('onClose', async () => stopSharing());
  }
  const sessionsChanged = (userId: string) => sessionCache.revoke(userId);
  const accountsRepo = new AccountsRepo(db, sessionsChanged);
  // The public events list as sent; with REDIS_URL a write on any node reaches every node's copy.
  const eventListCache = new EventListCache(!config.redisUrl);
  if (config.redisUrl) {
    const stopSharing = shareListChanges(eventListCache, config.redisUrl, config.redisKeyPrefix, app.log);
    app.addHook('onClose', async () => stopSharing());
  }
  const eventsRepo = new EventsRepo(db, () => eventListCache.changed());
  // Daily quotas on the work that grows with what a member sends (uploads, imports, weather lookups).
  const quotas = new QuotasService({ repo: new QuotasRepo(db), limits: config.quotas, now });
  startJob(app, 'usage counter cleanup', 6 * 60 * 60 * 1000, () => quotas.forgetOld());
  const forecastRepo = new ForecastRepo(db);
  const billingRepo = new BillingRepo(db, sessionsChanged);
  const accounts = new AccountsService({
    repo: accountsRepo,
    config,
    mailer,
    storage,
    forecastSearches: (userId) => forecastRepo.searchesOf(userId),
    registeredEvents: async (userId) =>
      (await eventsRepo.registered(userId)).map((r) => ({
        eventId: r.eventId,
        name: r.name ?? '',
        startDate: r.dateStart?.toISOString() ?? '',
        endDate: r.dateEnd?.toISOString() ?? '',
      })),
    loggedLakes: (userId) => logs.loggedLakes(userId),
    customerId: async (userId) => (await billingRepo.account(userId))?.customerId ?? null,
    newsletter: {
      isSubscribed: (user) => newsletter.isSubscribed(user),
      set: (principal, subscribed) => newsletter.setMember(principal, subscribed),
    },
    log: app.log,
    now,
    sessionCache,
  });
  // The voice assistant's linked tokens: their own table and their own narrow scope.
  const assistantRepo = new AssistantRepo(db);
  const findAssistant = (token: string) => assistant.authenticate(token);
  // The principal (premium included) is resolved once per request: a web session, else an assistant token.
  registerAuth(app, async (token) => (await accounts.authenticate(token)) ?? (await findAssistant(token)));
  const forecast = new ForecastService({ places, weather, repo: forecastRepo, now });

  const circleRepo = new CircleRepo(db);
  const circleNotifier = new CircleNotifier({ repo: circleRepo, push, log: app.log });
  const access = new AccessService({
    friendAccess: (ownerId, memberId) => circleRepo.access(ownerId, memberId),
    adminEmails: config.adminEmails,
  });
  const lakes = new LakesService({ repo: new LakesRepo(db), source: lakeSource, log: app.log });
  const enricher = new LogEnricher({ weather, waterflow, log: app.log, weatherAllowed: (userId) => quotas.trySpend({ userId }, 'weather') });
  const outingsRepo = new OutingsRepo(db);
  // Tags and logs point at each other (a log's tags join the list; removing a tag strips it from
  // logs); the arrow from tags back to logs is this port, read when a tag is removed.
  const tags: TagsService = new TagsService({
    repo: new TagsRepo(db),
    transaction,
    stripFromLogs: (principal, tag) => logs.stripTag(principal, tag),
  });
  // Log photos of logs that are not public are served by signed URLs under a key shared by every process.
  const photos = new LogPhotoSigner(await accountsRepo.secret('log-photo-key', () => randomBytes(32).toString('base64url')), now);
  // Uploads' EXIF (time, position, camera), kept apart from the re-encoded public file.
  const photoExifRepo = new PhotoExifRepo(db);
  const logs: LogsService = new LogsService({
    repo: new LogsRepo(db),
    access,
    transaction,
    places,
    enricher,
    tags,
    lakes,
    storage,
    photos,
    waterflow,
    activeOutingAt: (userId, at) => outingsRepo.activeAt(userId, at),
    anglerByName: async (username) => {
      const user = await accountsRepo.findByUsername(username);
      return user && { id: user.id, username: user.username, profilePicture: user.profilePicture };
    },
    usernameOf: async (userId) => (await accountsRepo.findById(userId))?.username,
    keepExif: async (userId, key, original) => photoExifRepo.keep(userId, key, await readPhotoExif(original)),
    created: (log) => circleNotifier.logCreated(log),
    friendsToTell: (ownerId) => circleRepo.friendsWithPush(ownerId),
    now,
  });
  const outings = new OutingsService({ repo: outingsRepo, logs, access, places, transaction, now });
  const logsQuery = new LogsQuery(new LogsQueryRepo(db), photos);
  const circle = new CircleService({
    repo: circleRepo,
    access,
    logs: logsQuery,
    usernames: (ids) => accountsRepo.usernamesOf(ids),
    findByUsername: (username) => accountsRepo.findByUsername(username),
    findByEmail: (email) => accountsRepo.findByEmail(email),
    tagsOf: (principal) => tags.list(principal),
    pushAllowHttp: config.push.allowHttp,
  });
  const analysis = new AnalysisService({ logs: logsQuery, circle, access });
  // The data page's answers per member, dropped whenever the database announces a change to what they show.
  const answers = new AnswerCache(config.answerCacheBytes, now);
  const stopListening = await database.listen(USER_DATA_CHANNEL, (userId) => answers.forgetUser(userId), (on) => answers.setListening(on));
  app.addHook('onClose', stopListening);
  // A change made through this process shows in every read it answers after the change's answer
  // has left: whoever made it (a member, a webhook, a link opened without a session, an event's
  // owner for its anglers), the announcement has been heard by then.
  app.addHook('onSend', async (request) => {
    const writes = (request.method !== 'GET' && request.method !== 'HEAD') || WRITING_GETS.has(request.routeOptions.url ?? '');
    if (!writes) return;
    if (request.principal) answers.forgetUser(request.principal.userId);
    await database.heard();
  });
  const transfer = new TransferService({ logs, access, places, now });
  const swept = await sweepImportSpools();
  if (swept > 0) app.log.info(`import: removed ${swept} upload(s) left behind by an import that never finished`);


  // Outside data a log could not get at once is retried in the background, never blocking a save.
  const enrichment = new EnrichmentJob({
    enricher,
    due: (now, limit) => logs.duePending(now, limit),
    save: (logId, result) => logs.saveOutsideData(logId, result),
    log: app.log,
    now,
  });
  startJob(app, 'log enrichment', config.enrichIntervalMs, () => enrichment.enrichPending());

  // Payments: Stripe with a key, otherwise the built-in test processor (no money moves).
  // Test mode knows the ambassador coupon (50 % off) unless TEST_COUPONS says otherwise.
  const testPayments = config.stripe ? null : new TestPaymentProcessor({ [config.ambassadorCoupon]: 50, ...config.testCoupons });
  const payments = options.payments ?? (config.stripe ? new StripePaymentProcessor(config.stripe) : testPayments!);
  const billing = new BillingService({
    repo: billingRepo,
    processor: payments,
    transaction,
    cashRegistrationPassword: config.cashRegistrationPassword,
    accounts,
    log: app.log,
    publicUrl: config.publicUrl,
    now,
  });
  startJob(app, 'subscription renewal', config.renewIntervalMs, () => billing.renewDue());

  const assistant: AssistantService = new AssistantService({
    repo: assistantRepo,
    config: config.assistant,
    access,
    logs,
    forecast,
    principalOf: (userId, tokenId) => accounts.assistantPrincipal(userId, tokenId),
    now,
  });

  const newsletter: NewsletterService = new NewsletterService({
    repo: new NewsletterRepo(db),
    mailer,
    list: newsletterList,
    publicUrl: config.publicUrl,
    log: app.log,
    now,
  });

  // Ambassador applications, the contact form, robots.txt and the sitemap.
  const outreach = new OutreachService({
    repo: new OutreachRepo(db),
    mailer,
    teamEmail: config.teamEmail,
    access,
    grantAmbassadorDiscount: (userId) => billing.grantDiscount(userId, 'ambassador', config.ambassadorCoupon),
    ambassadorDiscounts: (userIds) => billing.discountsFor(userIds, 'ambassador'),
    log: app.log,
    now,
  });

  // Events: the creation fee is charged through billing.
  const eventPayments = billingFeePayments(billing, payments);
  // Entry fees by card are paid out to the connected account of one of the event's owners.
  const payouts = new EventPayouts({
    ownerIds: (eventId) => eventsRepo.ownerIds(eventId),
    accounts: { connectedAccountOf: (userId) => billing.connectedAccountOf(userId), payoutAccount: (userId) => billing.payoutAccount(userId) },
  });
  const leaderboard = new Leaderboard({ repo: new LeaderboardRepo(db), events: eventsRepo, now });
  const events = new EventsService({
    repo: eventsRepo,
    transaction,
    payments: eventPayments,
    payouts,
    lakeAt: async (point) => {
      // Only what is stored already: the builder's find-lake call fetched the map service's lakes there.
      const lake = lakes.match(await lakes.near(point, { askSource: false }));
      return lake && { outline: (lake.outline as LakeOutline | null) ?? null, areaAcres: lake.area };
    },
    secrets: config.eventKeySecret ? new SecretBox(config.eventKeySecret) : null,
    now,
    leaderboard: (eventId) => leaderboard.leaderboardFor(eventId),
    listCache: eventListCache,
  });
  // Accepted fish are announced here; the live module (socket.io) listens.
  const eventsPublisher = new LocalEventsPublisher();
  const fish = new FishService({
    repo: new FishRepo(db),
    activeCheckin: (entryId, at) => activeCheckin(db, entryId, at),
    photos: photoExifRepo,
    leaderboard,
    view: (principal, eventId) => events.view(principal, eventId),
    publisher: eventsPublisher,
    storage,
    transaction,
    now,
  });
  // The owner dashboard's calls answer the event as its owner sees it.
  const eventOwners = new OwnerService({
    repo: new OwnerRepo(db),
    transaction,
    view: (principal, id) => events.view(principal, id),
    enterFish: (principal, id, entrant, input, by) => fish.enterForEntry(principal, id, entrant, input, by),
    checkIn: (id, entryIds) => checkin.checkInForOwner(id, entryIds),
    exif: (keys) => photoExifRepo.find(keys),
    muskie: (principal, id, body, requestKey) => entryPayments.registerMuskie(principal, id, body, { admin: true, requestKey }),
    leaderboard: (id) => leaderboard.leaderboardFor(id),
    publisher: eventsPublisher,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    now,
  });

  // Registration (paid entries through billing, like the creation fee) and check-in.
  const registrationRepo = new RegistrationRepo(db);
  const registration = new RegistrationService({
    events,
    eventsRepo,
    repo: registrationRepo,
    payments: eventPayments,
    payouts,
    transaction,
    muskie: (principal, id, body, requestKey) => entryPayments.registerMuskie(principal, id, body, { admin: false, requestKey }),
    now,
  });
  const checkin = new CheckinService({
    events,
    eventsRepo,
    registrations: registrationRepo,
    repo: new CheckinRepo(db),
    places,
    transaction,
    now,
  });

  // The live leaderboard on this server's port; with REDIS_URL its rooms span every node.
  const live = await LiveEvents.start({
    server: app.server,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    // With TRUST_PROXY the address is the first of X-Forwarded-For, as Fastify reads a request's.
    clientOf: (request) => {
      const forwarded = config.trustProxy ? String(request.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim() : '';
      return clientKey(forwarded || request.socket.remoteAddress || 'unknown');
    },
    limits: { connectionsPerClient: config.liveConnectionsPerClient },
    principalOf: (token) => accounts.authenticate(token),
    mayView: (principal, eventId) => events.mayView(principal, eventId),
    currentBoard: (eventId) => leaderboard.leaderboardFor(eventId),
    log: app.log,
  });
  eventsPublisher.subscribe((eventId, update) => live.fishAccepted(eventId, update));
  eventsPublisher.subscribeToBoards((eventId, board) => live.boardChanged(eventId, board));
  app.addHook('preClose', () => live.close());

  // Entry fees go to the organiser: PayPal (the event's sandbox or live app) or their Stripe key;
  // billing's test processor stands in when the server itself runs without Stripe.
  const paypalApp = (settings: Config['paypal']['sandbox']) => settings && new PayPalClient({ ...settings, log: app.log });
  const entryPayments = new EventPaymentsService({
    repo: new EventPaymentsRepo(db),
    events: eventsRepo,
    transaction,
    accounts: {
      signUp: (input) => accounts.signUp(input),
      authenticate: (token) => accounts.authenticate(token),
      viewOf: (userId) => accounts.viewOf(userId),
      emailExists: (email) => accounts.emailExists(email),
      usernameExists: (username) => accounts.usernameExists(username),
    },
    paypal: { sandbox: paypalApp(config.paypal.sandbox), live: paypalApp(config.paypal.live) },
    platform: { processor: payments, chargeOnce: (input) => billing.chargeOnce(input) },
    payouts,
    organiserStripe: (secretKey, publishableKey) =>
      new StripePaymentProcessor({
        secretKey,
        // Organisers' accounts send us no webhooks: entry charges are settled in the request.
        webhookSecret: 'unused',
        publishableKey,
        apiUrl: config.stripe?.apiUrl,
        prices: { Monthly: 'Monthly', Yearly2020: 'Yearly2020' },
      }),
    testProcessor: testPayments,
    secrets: config.eventKeySecret ? new SecretBox(config.eventKeySecret) : null,
    log: app.log,
    now,
  });

  await registerRoutes(app, [
    ...utilRoutes(config),
    ...accountsRoutes(app, accounts, config, quotas, answers, (input) => billing.register(input)),
    ...placesRoutes(
      new PlacesService({
        places,
        geolocation: config.geolocationUrl ? new IpApiGeolocation({ baseUrl: config.geolocationUrl, log: app.log }) : null,
        lastLogPoint: (userId) => logs.lastPoint(userId),
        lastSearchPlace: (userId) => forecast.lastSearchPlace(userId),
        log: app.log,
      }),
    ),
    ...forecastRoutes(forecast, accounts, quotas),
    ...logsRoutes(logs, config, quotas, answers),
    ...tagsRoutes(tags),
    ...lakesRoutes(lakes),
    ...transferRoutes(transfer, config, quotas),
    ...analysisRoutes(analysis, answers),
    ...outingsRoutes(outings),
    ...billingRoutes(app, billing, config, testPayments && ((entry) => testPayments.tokenize(entry, now()))),
    ...eventsRoutes(events, fish),
    ...ownerRoutes(eventOwners, { maxBytes: config.uploadMaxBytes, quotas, store: (principal, upload, angler) => logs.uploadPhoto(principal, upload, angler) }),
    ...registrationRoutes(registration, checkin),
    ...eventPaymentsRoutes(entryPayments),
    ...circleRoutes(circle, push.publicKey),
    ...outreachRoutes(app, outreach, config),
    ...assistantRoutes(assistant),
    ...newsletterRoutes(app, newsletter, config),
  ]);

  registerLogPhotoRoute(app, logs);
  await registerWeb(app, config, storage.root);

  app.addHook('onClose', () => circleNotifier.settled());

  return {
    app,
    services: { accounts, forecast, logs, enrichment, billing, circleNotifier, outreach, live, entryPayments, leaderboard, eventsPublisher },
  };
}
