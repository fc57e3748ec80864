// Typed configuration from the environment: one schema, read once at start.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const basePath = z
  .string()
  .regex(/^\/[a-z0-9/-]*$/, 'must start with / and hold only a-z, 0-9, - and /')
  .transform((p) => p.replace(/\/+$/, '') || '/');

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
  /** Contact messages a client may post per window. */
  CONTACT_RATE_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  READ_RATE_MAX: z.coerce.number().int().min(1).default(120),
  /** Seconds in-flight requests get to finish on shutdown. */
  SHUTDOWN_GRACE_S: z.coerce.number().int().min(0).default(10),
});

export type Env = z.infer<typeof configSchema>;

export interface Config extends Omit<Env, 'APP_SECRET'> {
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
  const { APP_SECRET, ...rest } = parsed.data;
  const dataDir = resolve(rest.DATA_DIR);
  return { ...rest, dataDir, appSecret: APP_SECRET ?? readOrCreateSecret(dataDir) };
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
