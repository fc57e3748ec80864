// Typed configuration from the environment: one schema, read once at start.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const basePath = z
  .string()
  .regex(/^\/[a-z0-9/-]*$/, 'must start with / and hold only a-z, 0-9, - and /')
  .transform((p) => p.replace(/\/+$/, '') || '/');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.1`, `fd00::/8`, `10.0.0.0/255.0.0.0` or a proxy-addr name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', range, ...extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * Whose X-Forwarded-For to believe (issue 34): off (the socket's address is the client's), a hop
 * count, or a comma list of the load balancers' addresses and ranges, as Fastify's trustProxy
 * takes them. `true` (any sender) is refused: a client could then name its own address.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          `${wrong.map((w) => JSON.stringify(w)).join(', ')} is not a hop count or an address list; ` +
          'give the number of proxies in front (1) or their addresses and CIDR ranges ' +
          '(10.0.0.1, 172.16.0.0/12, loopback), or leave it unset when clients connect directly',
      });
      return z.NEVER;
    }
    return entries;
  });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HMAC secret for draft links; generated into DATA_DIR/secret when absent. */
  APP_SECRET: z.string().min(32).optional(),
  SEED_DEMO: booleanFlag.default(true),
  PRODUCT_NAME: z.string().default('Tabayyun'),
  API_BASE: basePath.default('/api'),
  AUTH_BASE: basePath.default('/auth'),
  PERMISSIONS_BASE: basePath.default('/permissions'),
  STORAGE_BASE: basePath.default('/storage'),
  /** Largest upload in bytes unless a folder rule says otherwise (10 MB, the spec's default). */
  FILES_MAX_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 1024 * 1024),
  /** Per-folder upload rules as JSON: {"news-feed":{"maxSize":5242880,"accept":["image/*",".pdf"]}}. */
  FILES_FOLDER_RULES: z.string().default(''),
  /** Folders (comma list) served only to callers the guard lets Read them; the rest are public. */
  FILES_PROTECTED: z.string().default('private'),
  // ---- File storage (ADR 007, ADR 017) ----
  /** `disk` keeps files in DATA_DIR/files; `s3` in an S3-compatible bucket (several instances share it). */
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().min(3).optional(),
  /** An S3-compatible server (`http://minio:9000`); without it AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Without both keys the AWS SDK's default credential chain (environment, instance role) applies. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (`endpoint/bucket/key`): on by default when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /** Contact messages a client may post per window. */
  CONTACT_RATE_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  READ_RATE_MAX: z.coerce.number().int().min(1).default(120),
  // ---- Public readers of the API (issue 34, ADR 045) ----
  /** Largest per_page of a caller without a staff grant (staff keep CONTRACT.md's 500). */
  PUBLIC_PER_PAGE_MAX: z.coerce.number().int().min(1).max(500).default(50),
  /** API reads (lists, counts, records) a client without a staff grant may make per window. */
  PUBLIC_READ_RATE_MAX: z.coerce.number().int().min(1).default(300),
  PUBLIC_READ_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** PostgreSQL statement_timeout of the server's queries; 0 switches it off (PGlite has none). */
  QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /** How long a presence heartbeat counts (issue 12): an editor unseen for longer has left. */
  PRESENCE_TTL_MS: z.coerce.number().int().min(100).default(60_000),
  /** The public origin for absolute URLs (sitemap, RSS, canonical); default http://127.0.0.1:PORT. */
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .transform((url) => url?.replace(/\/+$/, '')),
  /**
   * The public site's rendered-page cache (ADR 008); `false` renders every request. Defaults to on
   * in production only: development edits pages, and tests opt in where they test the cache.
   */
  SITE_CACHE: booleanFlag.optional(),
  /** Upper bound of the page cache in megabytes (HTML plus its gzip and brotli forms). */
  SITE_CACHE_MB: z.coerce.number().min(1).default(64),
  // ---- Identity and access (issue 3; README "Configuration" explains each) ----
  /** Ed25519 private key (PKCS#8 PEM) signing access tokens; generated into DATA_DIR/keys when unset. */
  JWT_PRIVATE_KEY: z.string().optional(),
  ACCESS_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /** Lifetime of the refresh token of a sign-in without rememberMe (and of impersonation). */
  SESSION_TTL_HOURS: z.coerce.number().min(1).default(12),
  /**
   * Seconds during which a just-rotated refresh token, presented again (two tabs, a reload during a
   * refresh), gets the same successor instead of counting as reuse (issue 34, ADR 041).
   */
  REFRESH_REUSE_GRACE_S: z.coerce.number().min(0).max(120).default(10),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).default(8),
  PASSWORD_MAX_LENGTH: z.coerce.number().int().min(8).default(128),
  /** Minimum characters per class, as `lower:1,upper:1,digit:1,special:1` (0 switches a class off). */
  PASSWORD_CLASSES: z.string().default('lower:1,upper:1,digit:1,special:1'),
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).default(5),
  LOCKOUT_MINUTES: z.coerce.number().min(1).default(15),
  /**
   * Sign-in, forgot-password, verify and check-user calls per client (IP) and per account, per
   * window. On an account, sign-in counts only failures; successes have AUTH_ACCOUNT_SIGNIN_MAX.
   */
  AUTH_RATE_MAX: z.coerce.number().int().min(1).default(30),
  AUTH_ACCOUNT_RATE_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_ACCOUNT_SIGNIN_MAX: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  /** smtp(s)://user:pass@host:port; without it mail goes to DATA_DIR/outbox and the log. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Tabayyun <no-reply@localhost>'),
  /** The first super-admin, created on the first start when no super-admin exists. */
  ADMIN_EMAIL: z.string().email().default('admin@localhost.localdomain'),
  ADMIN_PASSWORD: z.string().optional(),
  /** Anyone may sign up (with no roles); otherwise only admins create users. */
  SIGNUP_ENABLED: booleanFlag.default(false),
  // ---- Second factors (issue 34, ADR 042) ----
  /**
   * Roles seeded as requiring a second factor when a new installation creates them (comma list; an
   * empty value seeds none). Only the first seeding reads it: later, Settings → Roles decides.
   */
  SECOND_FACTOR_ROLES: z.string().default('super-admin,admin,editor'),
  /** The WebAuthn relying party id (a domain); default the host name of PUBLIC_URL. */
  WEBAUTHN_RP_ID: z.string().min(1).optional(),
  /**
   * Origins allowed to run passkey ceremonies (comma list); default PUBLIC_URL's origin. An entry
   * `http://localhost:*` accepts any port of localhost (development and browser tests).
   */
  WEBAUTHN_ORIGINS: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  FACEBOOK_APP_ID: z.string().optional(),
  /** JSON list of OpenID Connect issuers: [{ "name", "issuer", "clientId", "jwksUri"? }]. */
  OIDC_PROVIDERS: z.string().optional(),
  // ---- Outbound fetches and media-source monitoring (issue 15; README "Configuration") ----
  /** Host names, addresses or CIDR ranges outbound fetches may reach although private (comma list). */
  FETCH_ALLOW_HOSTS: z.string().default(''),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Largest feed or feed image fetched, in bytes (5 MB). */
  FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  FETCH_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  FETCH_USER_AGENT: z.string().min(1).optional(),
  /** Largest evidence snapshot (page or file a fact-check cites), in bytes (10 MB). */
  EVIDENCE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Run due media sources on a timer; default on except in tests. */
  MONITOR_SCHEDULER: booleanFlag.optional(),
  /** How often the scheduler looks for due sources, in milliseconds. */
  MONITOR_TICK_MS: z.coerce.number().int().min(50).default(30_000),
  /** Publish scheduled items (`publishAt`) on a timer; default on except in tests (issue 33). */
  PUBLISH_SCHEDULER: booleanFlag.optional(),
  /** How often the publish scheduler looks for due items, in milliseconds (≤ 60 s late). */
  PUBLISH_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(15_000),
  /** Readers' "Is this true?" (issue 36 §1): submissions per client per window, matches per minute. */
  TIP_RATE_MAX: z.coerce.number().int().min(1).default(5),
  TIP_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  TIP_MATCH_RATE_MAX: z.coerce.number().int().min(1).default(60),
  /** Send the answer mails of reader submissions (default: on, except under NODE_ENV=test). */
  TIP_ANSWERS: booleanFlag.optional(),
  /** How often each instance looks for published answers to send. */
  TIP_ANSWER_TICK_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** Send the notifications' daily digest mails on a timer; default on except in tests (issue 35). */
  NOTIFICATION_DIGEST: booleanFlag.optional(),
  /** How often the digest job looks for users whose daily digest is due, in milliseconds. */
  NOTIFICATION_TICK_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** Deliver partners' webhooks on a timer; default on except in tests (issue 36 §3). */
  WEBHOOK_DELIVERY: booleanFlag.optional(),
  /** How often the webhook deliverer looks for due deliveries, in milliseconds. */
  WEBHOOK_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /** The first retry's delay; each next one doubles, for 24 hours after the event (milliseconds). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(60_000),
  /** Finished deliveries (delivered or failed) stay in the log this many days, then are deleted. */
  WEBHOOK_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Snapshot the URLs a saved fact-check cites; default on except in tests. */
  EVIDENCE_SNAPSHOTS: booleanFlag.optional(),
  /** Proxies whose X-Forwarded-For names the client (rate limits, audit log); unset trusts none. */
  TRUST_PROXY: trustProxy,
  /** Seconds a request (headers and body) has to arrive whole; later it gets 408 (issue 34). */
  REQUEST_TIMEOUT_S: z.coerce.number().positive().default(60),
  /** Seconds in-flight requests get to finish on shutdown. */
  SHUTDOWN_GRACE_S: z.coerce.number().int().min(0).default(10),
});

export type Env = z.infer<typeof configSchema>;

/** Settings that only make sense together; each problem is one line of the start-up message. */
function crossFieldProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.STORAGE_DRIVER === 's3') {
    if (!env.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE_DRIVER=s3');
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      problems.push(
        '  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the SDK credential chain)',
      );
    }
  }
  return problems;
}

export interface Config extends Omit<Env, 'APP_SECRET' | 'PUBLIC_URL' | 'SITE_CACHE'> {
  PUBLIC_URL: string;
  SITE_CACHE: boolean;
  appSecret: string;
  dataDir: string;
}

/** Reads and validates the environment; a bad value stops the start with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = crossFieldProblems(parsed.data);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const { APP_SECRET, PUBLIC_URL, SITE_CACHE, ...rest } = parsed.data;
  const dataDir = resolve(rest.DATA_DIR);
  return {
    ...rest,
    PUBLIC_URL: PUBLIC_URL ?? `http://127.0.0.1:${rest.PORT}`,
    SITE_CACHE: SITE_CACHE ?? rest.NODE_ENV === 'production',
    dataDir,
    appSecret: APP_SECRET ?? readOrCreateSecret(dataDir),
  };
}

/** One secret per data directory, so draft links survive restarts without configuration. */
function readOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
