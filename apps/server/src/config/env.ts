import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { VOUCHER_TOP_UP_SIZE } from '@promotor/contract';
import { parsePushHosts } from './push-hosts.ts';
import { isP256PublicKey, vapidPublicKeyOf, vapidSubjectProblem } from './vapid.ts';

/** apps/server: the nearest folder with a package.json, from src/config (tsx) or dist (the bundle). */
function serverRoot(from: string): string {
  for (let dir = from; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return from;
}

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /**
     * The bound of the drain after SIGTERM or SIGINT (decision 131): /readyz answers 503, the server
     * answers for min(5 s, half of this) more (not in development), then finishes the requests in flight and closes; past
     * this many seconds from the signal it logs and exits with code 1.
     */
    SHUTDOWN_TIMEOUT_SECONDS: positiveInt.max(3600).default(30),
    DATA_DIR: z.string().min(1).default('./data'),
    /** sqlite:<path>, or postgres://… / postgresql://…; defaults to a SQLite file under DATA_DIR. */
    DATABASE_URL: z
      .string()
      .refine((v) => /^(sqlite:|postgres(ql)?:\/\/)/.test(v), 'expected sqlite:<path> or postgres://…')
      .optional(),
    /**
     * PostgreSQL: the tables' owner, which runs the migrations and grants DATABASE_URL's role only what
     * the app needs (decision 077). Without it, DATABASE_URL's role migrates and runs the app.
     */
    MIGRATION_DATABASE_URL: z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'expected postgres://…')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Wall-clock zone of action times and of "today" (the promoters work in Poland). */
    APP_TIMEZONE: z
      .string()
      .default('Europe/Warsaw')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'unknown time zone'),
    SESSION_TTL_HOURS: positiveInt.default(24 * 14),
    LOGIN_LIMIT_PER_IP_PER_MINUTE: positiveInt.default(30),
    LOGIN_LIMIT_PER_USER_PER_15_MINUTES: positiveInt.default(10),
    BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
    /** How many codes a top-up or 'Generuj kody' hands her from a batch's pool (decision 056). */
    VOUCHER_TOP_UP_SIZE: positiveInt.default(VOUCHER_TOP_UP_SIZE),
    /** Where the built web app is; the server serves it with the SPA fallback. */
    WEB_DIST_DIR: z.string().default(path.resolve(serverRoot(import.meta.dirname), '../web/dist')),
    /** The webform's lists (decision 065); an operator points this at her own copy of the file. */
    CATALOGUES_FILE: z
      .string()
      .default(path.resolve(serverRoot(import.meta.dirname), 'catalogues/webform-catalogues.json'))
      .refine((file) => fs.existsSync(file), 'no such file'),
    /**
     * The back office's map tiles (issue 25, decision 091): a {z}/{x}/{y} template; empty for no tiles
     * (markers on a blank map, e.g. without internet). Its origin is allowed in /biuro's img-src.
     */
    MAP_TILE_URL: z
      .string()
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
      .refine(
        (v) => v.trim() === '' || (/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(v) && URL.canParse(v.replace(/[{}]/g, ''))),
        'expected https://host/…{z}/{x}/{y}… or empty',
      ),
    /**
     * Where people open the app, e.g. https://promotor.example.pl (issue 34, decision 118): the staff
     * password links e-mailed start with it. Unset: the address of the admin's own request.
     */
    PUBLIC_URL: z
      .string()
      .trim()
      .refine((v) => /^https?:\/\/[^/]+/.test(v) && URL.canParse(v), 'expected https://host[:port][/path]')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    /** Shown on the map, as the tiles' licence asks. */
    MAP_ATTRIBUTION: z.string().default('© OpenStreetMap'),
    /** The live day's exceptions (decision 091): a start farther than this from every point, in metres. */
    LIVE_FAR_METERS: positiveInt.default(300),
    /** Not started this many minutes after the planned start. */
    LIVE_NOT_STARTED_MINUTES: positiveInt.default(15),
    /** Running, and no position for this many minutes. */
    LIVE_NO_POSITION_MINUTES: positiveInt.default(20),
    /** Her phone's oldest waiting item older than this many minutes. */
    LIVE_OUTBOX_STALE_MINUTES: positiveInt.default(10),
    /** Her shift against the plan (decision 116): started this many minutes or more before the planned start. */
    LIVE_EARLY_START_MINUTES: positiveInt.default(60),
    /** … still running (or finished) this many minutes or more after the planned end. */
    LIVE_OVERRUN_MINUTES: positiveInt.default(30),
    /** … finished after less than this share (per cent) of the planned time. */
    LIVE_SHORT_SHIFT_PERCENT: positiveInt.max(100).default(50),
    /**
     * The consent proof's signing key (issue 26, decision 097): an Ed25519 private key as the base64 of
     * its 32-byte seed (`openssl rand -base64 32`). Without it the server keeps one in DATA_DIR.
     */
    CONSENT_PROOF_KEY: z
      .string()
      .trim()
      .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, 'expected the base64 of 32 random bytes')
      .optional(),
    /**
     * The key of the stored Idempotency-Key request hashes (decision 102): an HMAC-SHA256 key as the base64
     * of at least 32 random bytes (`openssl rand -base64 32`), the same on every instance. Without it the
     * server keeps one in DATA_DIR.
     */
    IDEMPOTENCY_HASH_KEY: z
      .string()
      .trim()
      .refine(
        (v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length >= 32,
        'expected the base64 of at least 32 random bytes',
      )
      .optional(),
    /**
     * Retention (issue 26, decision 099): days a location ping is kept (action_locations, and an
     * assignment's last ping), a receipt's image (the row stays for the counts), a one-time code after
     * it expired (lead_otps, password_resets, unconfirmed MGM requests).
     */
    LOCATION_RETENTION_DAYS: positiveInt.default(90),
    RECEIPT_IMAGE_RETENTION_DAYS: positiveInt.default(730),
    CODE_RETENTION_DAYS: positiveInt.default(7),
    /** How often the retention job runs, in minutes; 0 turns it off (tests run it themselves). */
    RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
    /**
     * Her notifications (issue 37, decision 135): a send-back, or a cancellation or move of an action
     * starting within 24 hours, neither shown as a push nor read in the app this many seconds after it
     * happened goes by SMS; the job looking for those runs every NOTIFICATION_SWEEP_INTERVAL_SECONDS
     * (0 turns it off: tests run it themselves).
     */
    SMS_FALLBACK_AFTER_SECONDS: positiveInt.default(600),
    NOTIFICATION_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
    /**
     * Tests only (issue 40): the server's clock runs this many milliseconds ahead of the machine's (or
     * behind, negative), so that a whole run can be tried at 23:50 or on the first of a month. The same
     * offset in every process started with it (the server, `npm run seed`), so they agree. Refused in
     * production.
     */
    CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
    /**
     * Where files' bytes live (issue 35, decision 130): 'file' (DATA_DIR/blobs), 'database' (the blobs
     * table) or 's3' (an S3-compatible bucket, S3_* below; uploads wait locally while it is down).
     * Default: file on SQLite, database on PostgreSQL.
     */
    BLOB_STORE: z.enum(['file', 'database', 's3']).optional(),
    /** The S3 API's address, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000 (browsers open its presigned addresses too). */
    S3_ENDPOINT: z
      .string()
      .trim()
      .refine((v) => /^https?:\/\/[^/]+/.test(v) && URL.canParse(v), 'expected http(s)://host[:port]')
      .optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_BUCKET: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected a bucket name (3–63 lower-case letters, digits, dots, hyphens)')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    /** true for most self-hosted servers (MinIO, Garage, SeaweedFS): http://host/bucket/key. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** Put before every key, e.g. promotor/ (several apps sharing a bucket). */
    S3_PREFIX: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9._-]+\/)*$/, 'expected segments of letters, digits, . _ - each ending with /, e.g. promotor/')
      .default(''),
    /** How often each instance moves waiting files to the bucket, in seconds; 0 turns it off (tests drain themselves). */
    BLOB_DRAIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(5),
    /**
     * GET /metrics, Prometheus's text (issue 36, decision 132): never public. With METRICS_TOKEN it answers
     * only `Authorization: Bearer <token>`; with METRICS_PORT only on a listener of its own on that port
     * (bound to HOST; 0: a free one), not on PORT, and the token is asked there too when set. Neither: 404.
     */
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(32, 'expected at least 32 characters (openssl rand -hex 32)')
      .regex(/^[\x21-\x7e]+$/, 'expected printable ASCII without spaces (it travels in a header)')
      .optional(),
    METRICS_PORT: z
      .string()
      .regex(/^\d{1,5}$/, 'expected a port number (0: any free port)')
      .transform(Number)
      .pipe(z.number().max(65535))
      .optional(),
    /**
     * Web Push (issue 37, decision 136): the VAPID key pair (`npx web-push generate-vapid-keys`, base64url)
     * and the subject push services may write to, a real `mailto:` or `https:` (Apple refuses localhost).
     * All three or none. None: development and test keep a generated pair in DATA_DIR; production sends
     * no pushes (/push/key answers null). A new pair breaks every phone's subscription until its app starts.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .refine((v) => isP256PublicKey(v), 'expected the base64url of an uncompressed P-256 public key (65 bytes)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === 32, 'expected the base64url of 32 bytes')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        const problem = vapidSubjectProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    /** How often each instance looks for pushes to send, in milliseconds; 0 turns it off (tests send themselves). */
    PUSH_SEND_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
    /**
     * Push services a production server may post to beyond the browsers' own (FCM, Mozilla, Apple, WNS):
     * host suffixes, comma-separated — a company's own push service. Addresses and one-label names are
     * never taken: the endpoint comes from a phone, and the server posts to it (decision 136).
     */
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .default('')
      .transform((v, ctx) => {
        const parsed = parsePushHosts(v);
        if ('hosts' in parsed) return parsed.hosts;
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }),
    /** Seed demo data into an empty database at start (off in production unless asked for). */
    SEED_DEMO_DATA: bool.optional(),
    /** The development outbox page (/dev/outbox); never on in production. */
    DEV_OUTBOX: bool.optional(),
    /** How e-mails and SMS leave (decision 064): the outbox table by default, or a real provider. */
    EMAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\/[^/]+/.test(v) && URL.canParse(v), 'expected smtp://user:pass@host:port or smtps://…')
      .optional(),
    EMAIL_FROM: z
      .string()
      .refine((v) => /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(v.trim()), "expected an address or 'Name <address>'")
      .optional(),
    SMS_TRANSPORT: z.enum(['outbox', 'http']).default('outbox'),
    SMS_GATEWAY_URL: z
      .string()
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'expected http(s)://host[/path] of the gateway API')
      .optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    /** The gateway's sender field: at most 11 letters or digits. */
    SMS_SENDER: z
      .string()
      .regex(/^[A-Za-z0-9 .-]{1,11}$/, 'expected 1 to 11 letters or digits')
      .optional(),
    /**
     * Which X-Forwarded-For hops to believe: 'false' (none), the number of proxies in front of us, or
     * their addresses / CIDR ranges, comma-separated. Never 'true': that would believe any address a
     * client writes itself (docs/decisions/015-trusted-proxies.md).
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx): TrustProxy => {
        const value = v.trim();
        if (value === 'false' || value === '0' || value === '') return false;
        if (/^\d+$/.test(value)) return Number(value);
        const entries = value.split(',').map((e) => e.trim());
        const bad = entries.find((e) => !isAddressOrRange(e));
        if (bad === undefined) return entries;
        ctx.addIssue({
          code: 'custom',
          message:
            value === 'true'
              ? 'true would trust any X-Forwarded-For a client writes; give the number of proxies (e.g. 1) or their addresses (e.g. 10.0.0.0/8)'
              : `not a number of proxies nor an address or CIDR range: ${bad}`,
        });
        return z.NEVER;
      }),
  })
  // A chosen transport without its companions would fail at the first message: stop the start instead.
  .superRefine((e, ctx) => {
    const need = (transport: string, keys: (keyof typeof e)[]) => {
      for (const key of keys) {
        if (e[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: `required when ${transport}` });
      }
    };
    if (e.EMAIL_TRANSPORT === 'smtp') need('EMAIL_TRANSPORT=smtp', ['SMTP_URL', 'EMAIL_FROM']);
    if (e.MIGRATION_DATABASE_URL && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['MIGRATION_DATABASE_URL'],
        message: 'only with a PostgreSQL DATABASE_URL (SQLite has no roles)',
      });
    }
    if (e.SMS_TRANSPORT === 'http') need('SMS_TRANSPORT=http', ['SMS_GATEWAY_URL', 'SMS_GATEWAY_TOKEN', 'SMS_SENDER']);
    if (e.BLOB_STORE === 's3') need('BLOB_STORE=s3', ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT (metrics have a listener of their own)' });
    }
    // Never public (decision 132): a metrics port that listens beyond this machine asks for the token.
    const loopback = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(e.HOST);
    if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN && !loopback) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: `required with METRICS_PORT while HOST (${e.HOST}) is reachable from other machines`,
      });
    }
    // Half a key pair would fail at the first push, a pair of two keys at every push: stop the start instead.
    const vapid = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT];
    if (vapid.some((v) => v !== undefined))
      need('any VAPID_* is set (all three or none)', ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']);
    if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && vapidPublicKeyOf(e.VAPID_PRIVATE_KEY) !== e.VAPID_PUBLIC_KEY) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'is not the public key of VAPID_PRIVATE_KEY' });
    }
    if (e.CLOCK_OFFSET_MS !== 0 && e.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['CLOCK_OFFSET_MS'], message: 'only outside production (a test setting)' });
    }
    // Production on PostgreSQL means several instances: a key kept in each one's DATA_DIR would differ
    // between them (issue 36, decision 133). SQLite is one instance, and development keeps the files.
    if (e.NODE_ENV === 'production' && /^postgres(ql)?:\/\//.test(e.DATABASE_URL ?? '')) {
      for (const key of SHARED_KEYS) {
        if (e[key] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `required in production on PostgreSQL (or ${key}_FILE): every instance must use the same key (README, Deploying)`,
          });
        }
      }
    }
  })
  // The names the code uses, with the derived values; Config is this output, so it cannot drift from it.
  .transform((e) => {
    const dataDir = path.resolve(e.DATA_DIR);
    const production = e.NODE_ENV === 'production';
    return {
      nodeEnv: e.NODE_ENV,
      port: e.PORT,
      host: e.HOST,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
      dataDir,
      databaseUrl: databaseUrlOf(e, dataDir),
      migrationDatabaseUrl: e.MIGRATION_DATABASE_URL ?? null,
      logLevel: e.LOG_LEVEL,
      timezone: e.APP_TIMEZONE,
      clockOffsetMs: e.CLOCK_OFFSET_MS,
      sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
      loginLimitPerIpPerMinute: e.LOGIN_LIMIT_PER_IP_PER_MINUTE,
      loginLimitPerUserPer15Minutes: e.LOGIN_LIMIT_PER_USER_PER_15_MINUTES,
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      voucherTopUpSize: e.VOUCHER_TOP_UP_SIZE,
      webDistDir: path.resolve(e.WEB_DIST_DIR),
      cataloguesFile: path.resolve(e.CATALOGUES_FILE),
      seedDemoData: e.SEED_DEMO_DATA ?? !production,
      /** The Ed25519 seed signing consent proofs; null: the one kept in DATA_DIR (modules/privacy/consent-proof.ts). */
      consentProofKey: e.CONSENT_PROOF_KEY ? Buffer.from(e.CONSENT_PROOF_KEY, 'base64') : null,
      /** The key of the idempotency request hashes; null: the one kept in DATA_DIR (plugins/idempotency.ts). */
      idempotencyHashKey: e.IDEMPOTENCY_HASH_KEY ? Buffer.from(e.IDEMPOTENCY_HASH_KEY, 'base64') : null,
      publicUrl: e.PUBLIC_URL ?? null,
      map: mapTiles(e.MAP_TILE_URL, e.MAP_ATTRIBUTION),
      live: {
        farMeters: e.LIVE_FAR_METERS,
        notStartedMs: e.LIVE_NOT_STARTED_MINUTES * 60_000,
        noPositionMs: e.LIVE_NO_POSITION_MINUTES * 60_000,
        outboxStaleMs: e.LIVE_OUTBOX_STALE_MINUTES * 60_000,
        earlyStartMs: e.LIVE_EARLY_START_MINUTES * 60_000,
        overrunMs: e.LIVE_OVERRUN_MINUTES * 60_000,
        shortShiftShare: e.LIVE_SHORT_SHIFT_PERCENT / 100,
      },
      retention: {
        locationDays: e.LOCATION_RETENTION_DAYS,
        receiptImageDays: e.RECEIPT_IMAGE_RETENTION_DAYS,
        codeDays: e.CODE_RETENTION_DAYS,
        intervalMs: e.RETENTION_INTERVAL_MINUTES * 60_000,
      },
      notifications: {
        smsFallbackAfterMs: e.SMS_FALLBACK_AFTER_SECONDS * 1000,
        sweepIntervalMs: e.NOTIFICATION_SWEEP_INTERVAL_SECONDS * 1000,
      },
      devOutbox: production ? false : (e.DEV_OUTBOX ?? true),
      // Answers are checked against the contract by zod outside production (lib/response-serializer.ts).
      checkAnswers: !production,
      trustProxy: e.TRUST_PROXY,
      /** GET /metrics (decision 132): its bearer token and its own port; both null: no /metrics. */
      metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null },
      blobs: blobSettings(e, databaseUrlOf(e, dataDir)),
      email: emailTransport(e),
      sms: smsTransport(e),
      /** Web Push (decision 136): the configured VAPID pair and subject, or null (modules/push/push-keys.ts decides). */
      push: {
        vapid: e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY!, subject: e.VAPID_SUBJECT! } : null,
        sendIntervalMs: e.PUSH_SEND_INTERVAL_MS,
        endpointHostSuffixes: e.PUSH_ENDPOINT_HOSTS,
      },
    };
  });

export type EmailTransport = { kind: 'outbox' } | { kind: 'smtp'; url: string; from: string };
export type SmsTransport = { kind: 'outbox' } | { kind: 'http'; url: string; token: string; sender: string };

type TransportKeys = {
  EMAIL_TRANSPORT: 'outbox' | 'smtp';
  SMTP_URL?: string | undefined;
  EMAIL_FROM?: string | undefined;
  SMS_TRANSPORT: 'outbox' | 'http';
  SMS_GATEWAY_URL?: string | undefined;
  SMS_GATEWAY_TOKEN?: string | undefined;
  SMS_SENDER?: string | undefined;
};

// The companions are there: superRefine above refused the start otherwise.
function emailTransport(e: TransportKeys): EmailTransport {
  return e.EMAIL_TRANSPORT === 'smtp' ? { kind: 'smtp', url: e.SMTP_URL!, from: e.EMAIL_FROM!.trim() } : { kind: 'outbox' };
}

function smsTransport(e: TransportKeys): SmsTransport {
  return e.SMS_TRANSPORT === 'http'
    ? { kind: 'http', url: e.SMS_GATEWAY_URL!, token: e.SMS_GATEWAY_TOKEN!, sender: e.SMS_SENDER! }
    : { kind: 'outbox' };
}

function databaseUrlOf(e: { DATABASE_URL?: string | undefined }, dataDir: string): string {
  return e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'promotor.sqlite')}`;
}

type BlobKeys = {
  BLOB_DRAIN_INTERVAL_SECONDS: number;
  BLOB_STORE?: 'file' | 'database' | 's3' | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PREFIX: string;
};

/** BLOB_STORE and its bucket (decision 130); the companions are there when s3 (superRefine above). */
function blobSettings(e: BlobKeys, databaseUrl: string) {
  const mode = e.BLOB_STORE ?? (databaseUrl.startsWith('sqlite:') ? 'file' : 'database');
  const s3 =
    mode === 's3'
      ? {
          endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
          region: e.S3_REGION,
          bucket: e.S3_BUCKET!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
          timeoutMs: 10_000,
        }
      : null;
  return { mode, s3, drainIntervalMs: e.BLOB_DRAIN_INTERVAL_SECONDS * 1000 } as const;
}

export type BlobSettings = ReturnType<typeof blobSettings>;

/**
 * The map's tiles: the template the back office fills in, and the origin its CSP allows images from
 * (a `{s}` subdomain template allows every subdomain of its host). Both null when there are none.
 */
function mapTiles(template: string, attribution: string) {
  const tileUrl = template.trim() === '' ? null : template.trim();
  if (!tileUrl) return { tileUrl, tileOrigin: null, attribution };
  const { protocol, host } = new URL(tileUrl.replace('{s}.', 'x.').replace(/[{}]/g, ''));
  const tileOrigin = `${protocol}//${tileUrl.includes('{s}.') ? host.replace(/^x\./, '*.') : host}`;
  return { tileUrl, tileOrigin, attribution };
}

/** false, a hop count, or the proxies' addresses and CIDR ranges (Fastify's trustProxy takes each). */
export type TrustProxy = false | number | string[];

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = net.isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** The server's settings, as parsed from the environment by EnvSchema. */
export type Config = z.output<typeof EnvSchema>;

export class ConfigError extends Error {}

/** Values that hold a password or a token are never echoed to the console. */
const SECRET_KEYS = new Set([
  'SMTP_URL',
  'SMS_GATEWAY_TOKEN',
  'MIGRATION_DATABASE_URL',
  'CONSENT_PROOF_KEY',
  'IDEMPOTENCY_HASH_KEY',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
]);

function shown(key: string, env: NodeJS.ProcessEnv): string {
  const value = env[key];
  return value !== undefined && SECRET_KEYS.has(key) ? 'a value not shown here' : JSON.stringify(value);
}

/** The app's clock: the machine's, moved by CLOCK_OFFSET_MS (0 but in tests). */
export function appClock(config: Pick<Config, 'clockOffsetMs'>): () => Date {
  const offset = config.clockOffsetMs;
  return offset === 0 ? () => new Date() : () => new Date(Date.now() + offset);
}

/** Parses the environment once at start; a bad value stops the start with a message naming the key. */
/**
 * The keys every instance must share (issue 36, decision 133), each given as a value or as a file that
 * holds it (`…_FILE`, as secrets are mounted): the file's text (trimmed) stands for the value.
 */
export const SHARED_KEYS = ['IDEMPOTENCY_HASH_KEY', 'CONSENT_PROOF_KEY'] as const;

/** The keys that may be given as a file too: the shared ones, and the VAPID private key (decision 136). */
const KEY_FILES = [...SHARED_KEYS, 'VAPID_PRIVATE_KEY'] as const;

function withKeyFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  const problems: string[] = [];
  for (const key of KEY_FILES) {
    const file = env[`${key}_FILE`];
    if (file === undefined || file === '') continue;
    if (env[key] !== undefined && env[key] !== '') {
      problems.push(`  ${key}_FILE: give either ${key} or ${key}_FILE, not both`);
      continue;
    }
    try {
      out[key] = fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      problems.push(`  ${key}_FILE: cannot read ${JSON.stringify(file)} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given = withKeyFiles(env);
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${shown(String(i.path[0]), given)})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
