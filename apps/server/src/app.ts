import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { API_BASE, routePaths, type RouteName } from '@promotor/contract/route-paths';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/kysely.ts';
import { AppError } from './lib/app-error.ts';
import { failure } from './lib/envelope.ts';
import { parseRequestJson } from './lib/json.ts';
import { polishValidatorCompiler } from './lib/polish-validator.ts';
import { loginNameKey } from './lib/login-names.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { auditTrailPlugin } from './plugins/audit-trail.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { idempotencyPlugin, serverHashKey } from './plugins/idempotency.ts';
import { phoneOutboxPlugin } from './plugins/phone-outbox.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { JobRunner, scheduleJob } from './plugins/scheduled-jobs.ts';
import { RateCounters, rateLimitStore } from './plugins/rate-counters.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { openBlobStore, type BlobStore } from './plugins/blob-store.ts';
import { scheduleBlobDrain } from './plugins/blob-drain.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import type { ShutdownState } from './plugins/shutdown.ts';
import { actionFilesRoutes } from './modules/action-files/action-files.routes.ts';
import { actionsRoutes } from './modules/actions/actions.routes.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cataloguesRoutes } from './modules/catalogues/catalogues.routes.ts';
import { loadCatalogues } from './modules/catalogues/catalogues.service.ts';
import { devApiDocsRoutes } from './modules/dev/dev-api-docs.routes.ts';
import { devOutboxRoutes } from './modules/dev/dev-outbox.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { planningRoutes } from './modules/planning/planning.routes.ts';
import { pointsRoutes } from './modules/points/points.routes.ts';
import { eventsTerritoriesRoutes } from './modules/events-territories/events-territories.routes.ts';
import { pollsRoutes } from './modules/polls/polls.routes.ts';
import { receiptsRoutes } from './modules/receipts/receipts.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { vouchersAdminRoutes } from './modules/vouchers/vouchers-admin.routes.ts';
import { vouchersRoutes } from './modules/vouchers/vouchers.routes.ts';
import type { ConsumerRegistry } from './modules/consumers/consumers.ts';
import { DatabaseConsumerRegistry } from './modules/consumers/database-consumer-registry.ts';
import { storeConsentTexts } from './modules/leads/consent-texts.repository.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { mgmRoutes } from './modules/mgm/mgm.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { promotersAdminRoutes } from './modules/promoters-admin/promoters-admin.routes.ts';
import { consumerPrivacyRoutes } from './modules/privacy/consumer-privacy.routes.ts';
import { retentionJob } from './modules/retention/retention.service.ts';
import { photoFingerprintsJob } from './modules/integrity/integrity-photos.service.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { photoLibraryRoutes } from './modules/photo-library/photo-library.routes.ts';
import { staffAdminRoutes } from './modules/staff/staff-admin.routes.ts';
import { staffAuthRoutes } from './modules/staff/staff-auth.routes.ts';
import { subjectRequestsRoutes } from './modules/privacy/subject-requests.routes.ts';
import { createNotifier } from './modules/notifier/create-notifier.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { smsFallbackJob } from './modules/notifications/sms-fallback.service.ts';
import type { Notifier } from './modules/notifier/notifier.ts';
import { vapidKeys } from './modules/push/push-keys.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { schedulePushSender } from './modules/push/push-schedule.ts';
import { PushSender } from './modules/push/push-sender.ts';

/** The calls that write notifications (decision 135): after each, the push sender is woken. */
const NOTIFYING_ROUTES: readonly RouteName[] = [
  'adminReportsReview',
  'adminActionsCreate',
  'adminActionsUpdate',
  'adminActionsAssign',
  'adminActionsCancel',
  'adminActionsImport',
  'adminActionsCopy',
  'adminNotificationsResend',
];

declare module 'fastify' {
  interface FastifyInstance {
    blobStore: BlobStore;
    /** The runner of this instance's scheduled jobs (tests run a job through it). */
    jobRunner: JobRunner;
    /** Web Push (decision 136): wake() after writing a notification; tests call sendDue(). */
    pushSender: PushSender;
  }
}

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  notifier?: Notifier;
  blobStore?: BlobStore;
  /** The clock; tests move it to check expiries. */
  now?: () => Date;
  logger?: boolean;
  /** Where the log lines go (stdout by default); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** The consumer registry (our database's by default; a CRM connector, or a test's failing one). */
  registry?: (db: DatabaseHandle['db']) => ConsumerRegistry;
};

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the application: plugin order here is the order requests pass through. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const { db } = database;
  const now = options.now ?? (() => new Date());

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization'], ...(options.logStream ? { stream: options.logStream } : {}) },
    // One line per request, with meta.ts, comes from plugins/errors.ts instead.
    logController: new LogController({ disableRequestLogging: true }),
    // Always our own id: a client must not choose the ids support matches log lines by.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A hop count trusts that many proxies nearest to us (Fastify's types take it as a function).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    // At close, idle keep-alive connections are closed at once rather than waited for (decision 131).
    forceCloseConnections: 'idle',
    // Requests Node refuses before Fastify sees them (headers too large, broken HTTP) still get the envelope.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return socket.destroy();
      const code = error.code === 'HPE_HEADER_OVERFLOW' ? 'E_HEADERS_TOO_LARGE' : 'E_BAD_REQUEST';
      const body = JSON.stringify(failure(code, new Date().toISOString()));
      const status = code === 'E_HEADERS_TOO_LARGE' ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(
        `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
  app.setValidatorCompiler(polishValidatorCompiler);
  // Set by the drain of SIGTERM (server.ts), read by /readyz (decision 131).
  app.decorate('shutdown', { closing: false } satisfies ShutdownState);
  app.setSerializerCompiler(responseSerializerCompiler(config.checkAnswers));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Draining (decision 131): an answer on a keep-alive connection closes it, or app.close() would wait
    // for the client's keep-alive (72 s) past SHUTDOWN_TIMEOUT_SECONDS; the client's next request opens
    // a connection, which the balancer sends to another instance.
    if (app.shutdown.closing) reply.header('connection', 'close');
  });

  // Clients post an empty body with a JSON content type for calls without a body (spec §7).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, parseRequestJson(text));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });

  // Read once, here: a bad catalogues file stops the start (decision 065), not the first request.
  const catalogues = loadCatalogues(config.cataloguesFile);
  // Their consent texts are stored word for word before any record can point at them (decision 078);
  // a text changed under a stored version stops the start.
  await storeConsentTexts(db, catalogues.catalogues.consents, now(), config.cataloguesFile);
  const notifier = options.notifier ?? createNotifier(config, { db, log: app.log, now });
  // Shutdown lets the sends being retried finish (bounded) before the process goes.
  app.addHook('onClose', async () => notifier.close?.());
  app.decorate('blobStore', options.blobStore ?? openBlobStore(database, config, now, app.log));
  app.addHook('onClose', async () => {
    // What uploads left to do after their answers (thumbnails, fingerprints) is done before the bucket goes.
    await app.blobStore.afterAnswer.settled();
    app.blobStore.bucket?.destroy();
  });

  await app.register(errorsPlugin);
  // issue 37: Web Push (decision 136); production without VAPID_* sends none, and says so once.
  const pushKeys = vapidKeys(config);
  if (!pushKeys) app.log.warn('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set: no Web Push (README, Deploying)');
  // Where pushes may go: in production the browsers' push services and PUSH_ENDPOINT_HOSTS only (decision 136).
  const pushEndpoints = { production: config.nodeEnv === 'production', extraHostSuffixes: config.push.endpointHostSuffixes };
  app.decorate('pushSender', new PushSender({ db, now, keys: pushKeys, endpoints: pushEndpoints, log: app.log }));
  // A call that may have written notifications wakes the sender once its answer is out (its transaction
  // committed): the send-back reaches her push service without waiting for the next round (decision 136).
  const notifyingPaths = new Set(NOTIFYING_ROUTES.map((name) => `${API_BASE}${routePaths[name].path}`));
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 300 && notifyingPaths.has(request.routeOptions.url ?? '')) app.pushSender.wake();
    done();
  });
  // issue 36: GET /metrics (decision 132); first, so its request timer sees every route and the 404s.
  await app.register(metricsPlugin, { metrics: config.metrics, host: config.host, db, pool: database.pool, blobStore: app.blobStore, now });
  scheduleBlobDrain(app, app.blobStore, config.blobs.drainIntervalMs, now, app.metrics.jobs);
  await app.register(securityHeadersPlugin, { mapTileOrigin: config.map.tileOrigin, fileOrigin: app.blobStore.bucket?.origin ?? null });
  await app.register(compressionPlugin);
  const counters = new RateCounters(db, now);
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(counters),
    errorResponseBuilder: () => new AppError('E_TOO_MANY_REQUESTS'),
  });
  await app.register(authPlugin, { db, now });
  // After the answer of a promoter's call: her phone's last call and outbox (decision 091).
  await app.register(phoneOutboxPlugin, { db, now });
  await app.register(auditTrailPlugin, { db, now });
  const hashKey = serverHashKey(config.idempotencyHashKey, config.dataDir);
  await app.register(idempotencyPlugin, {
    db,
    now,
    hashKey,
    keptInDataDir: config.idempotencyHashKey === null,
    production: config.nodeEnv === 'production',
  });
  // Names typed at a login are kept only as keyed digests (decision 107).
  const nameKey = loginNameKey(hashKey);

  const authDeps = { db, notifier, now, sessionTtlMs: config.sessionTtlMs };
  const loginLimits = { perIpPerMinute: config.loginLimitPerIpPerMinute, perUserPer15Minutes: config.loginLimitPerUserPer15Minutes };
  await app.register(
    async (api) => {
      await api.register(authRoutes, { ...authDeps, limits: loginLimits, counters, nameKey });
      const actionsDeps = { db, now, timezone: config.timezone, log: app.log };
      await api.register(actionsRoutes, actionsDeps);
      await api.register(pollsRoutes, actionsDeps);
      await api.register(actionFilesRoutes, { ...actionsDeps, blobStore: app.blobStore, log: app.log });
      await api.register(vouchersRoutes, { ...actionsDeps, topUpSize: config.voucherTopUpSize });
      await api.register(availabilityRoutes, actionsDeps);
      await api.register(receiptsRoutes, { db, now, blobStore: app.blobStore });
      await api.register(reportsRoutes, actionsDeps);
      const registry = options.registry?.(db) ?? new DatabaseConsumerRegistry(db);
      await api.register(leadsRoutes, { db, now, notifier, counters, registry, catalogues, timezone: config.timezone });
      await api.register(cataloguesRoutes, { catalogues });
      await api.register(mgmRoutes, { db, now, notifier, counters, catalogues });
      // the back office (issue 24, decisions 085 and 086)
      await api.register(staffAuthRoutes, {
        db,
        now,
        sessionTtlMs: config.sessionTtlMs,
        nameKey,
        limits: loginLimits,
        counters,
        notifier,
        timezone: config.timezone,
      });
      // issue 34: staff accounts and their password links (decision 118)
      await api.register(staffAdminRoutes, {
        db,
        now,
        notifier,
        counters,
        timezone: config.timezone,
        publicUrl: config.publicUrl,
        perIp: { max: loginLimits.perIpPerMinute, timeWindow: 60_000 },
      });
      await api.register(promotersAdminRoutes, { db, now });
      await api.register(auditRoutes, { db });
      // issue 37: the changes that notify her take the SMS fallback's delay, and whether push is on (decisions 135, 136)
      const notifications = { smsFallbackAfterMs: config.notifications.smsFallbackAfterMs, pushOn: pushKeys !== null };
      await api.register(planningRoutes, { ...actionsDeps, notifications });
      // issue 34: the register of points (decision 124)
      await api.register(pointsRoutes, { db, now, map: { tileUrl: config.map.tileUrl, attribution: config.map.attribution } });
      // issue 34: events and territories (decision 123)
      await api.register(eventsTerritoriesRoutes, { db, now });
      await api.register(vouchersAdminRoutes, { db, now });
      // issue 25: the report review (decision 090)
      await api.register(reviewsRoutes, {
        ...actionsDeps,
        blobStore: app.blobStore,
        thresholds: config.live,
        notifications,
        map: { tileUrl: config.map.tileUrl, attribution: config.map.attribution },
      });
      // issue 38: 'Zdjęcia', the photo library (decision 138)
      await api.register(photoLibraryRoutes, { db, timezone: config.timezone });
      // issue 37: her inbox and what reached her (decision 135)
      await api.register(notificationsRoutes, { ...actionsDeps, notifier, publicUrl: config.publicUrl, pushOn: pushKeys !== null });
      await api.register(liveRoutes, {
        ...actionsDeps,
        map: { tileUrl: config.map.tileUrl, attribution: config.map.attribution },
        thresholds: config.live,
        blobStore: app.blobStore,
        checkAnswers: config.checkAnswers,
      });
      await api.register(exportsRoutes, { ...actionsDeps, liveFarMeters: config.live.farMeters, thresholds: config.live });
      // issue 26: consumers and consents, the privacy officer's (decision 097)
      await api.register(consumerPrivacyRoutes, {
        ...actionsDeps,
        proofKeySeed: config.consentProofKey,
        dataDir: config.dataDir,
        production: config.nodeEnv === 'production',
      });
      await api.register(subjectRequestsRoutes, { ...actionsDeps, blobStore: app.blobStore, dropOldVersions: database.dropOldVersions });
      // issue 37: her devices' push subscriptions (decision 136)
      await api.register(pushRoutes, { db, now, keys: pushKeys, endpoints: pushEndpoints });
      await api.register(apiDocsRoutes);
    },
    { prefix: API_BASE },
  );
  await app.register(healthRoutes, { db, webDistDir: config.webDistDir, now, bucket: app.blobStore.bucket, shutdown: app.shutdown });
  if (config.devOutbox) {
    await app.register(devOutboxRoutes, { db });
    await app.register(devApiDocsRoutes);
  }
  await app.register(webAppPlugin, { webDistDir: config.webDistDir });
  // issue 26: pings, receipts' images and codes past their retention, once per interval across all
  // instances (decisions 099, 103)
  app.decorate('jobRunner', new JobRunner({ db, now, log: app.log, metrics: app.metrics.jobs }));
  scheduleJob(app, app.jobRunner, retentionJob({ db, blobStore: app.blobStore, ...config.retention }));
  // issue 35: the fingerprints an instance's crash left unmade after an upload's answer
  scheduleJob(
    app,
    app.jobRunner,
    photoFingerprintsJob({ db, now, timezone: config.timezone, store: app.blobStore, everyMs: config.retention.intervalMs }),
  );
  schedulePushSender(app, app.pushSender, config.push.sendIntervalMs, app.metrics.jobs, now);
  // issue 37: the SMS of what she has not seen in time (decision 135)
  scheduleJob(
    app,
    app.jobRunner,
    smsFallbackJob({
      db,
      notifier,
      timezone: config.timezone,
      publicUrl: config.publicUrl,
      log: app.log,
      everyMs: config.notifications.sweepIntervalMs,
    }),
  );
  return app;
}
