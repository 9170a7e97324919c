import path from 'node:path';

/** Runtime configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections per node (DB_POOL_SIZE, default 10); the list reader threads share as many again. */
  poolSize?: number;
  /** PostgreSQL named prepared statements (PG_PREPARED=off behind a pooler that cannot keep them). */
  pgPrepared: boolean;
  /** SQLite: run workflow actions on a writer thread of their own (ENGINE_THREAD=off keeps them on the main one). */
  engineThread: boolean;
  redisUrl?: string;
  smtpUrl?: string;
  publicUrl?: string;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  /** Secret for signing tokens; generated and kept in the data folder when unset. */
  jwtSecret?: string;
  /** Key (base64, 32 bytes) that encrypts stored secrets; generated into DATA_DIR/secret.key when unset. */
  secretKey?: string;
  logLevel: string;
  /** Serve the built web app from this folder (absent in API-only tests). */
  webDir?: string;
  seedAdminPassword?: string;
  seedUserPassword?: string;
  seedApproverPassword?: string;
  /** Fill the demo tenant with an example app, people and records on the first start (SEED_DEMO_CONTENT=off: not). */
  seedDemoContent: boolean;
  /** Whether this node delivers outbox entries (several nodes may; SKIP LOCKED keeps each entry single). */
  outboxWorker: boolean;
  /** Maximum request body in bytes. */
  bodyLimit: number;
  /** S3-compatible file storage; set when S3_BUCKET is, else files go to DATA_DIR/files. */
  s3?: S3Config;
  /** Largest uploaded file in bytes (FILE_MAX_BYTES, default 10 MB). */
  fileMaxBytes: number;
  /** All files of one organisation together, in bytes (FILE_TENANT_MAX_BYTES, default 20 GB). */
  fileTenantMaxBytes: number;
  /** Whether this node runs due record schedules (SCHEDULER=off: it does not; another node does). */
  scheduler: boolean;
  /** How often the scheduler looks for due schedules, in ms (SCHEDULER_INTERVAL_MS, default 20 s). */
  schedulerIntervalMs: number;
  /** Days the run log of calls to other systems keeps its entries (RUN_LOG_DAYS). */
  runLogDays: number;
  /** Workflow steps that call a connector: poll, and the first retry's wait (doubling after; CONNECTOR_STEP_RETRY_MS). */
  connectorSteps: { pollMs: number; retryMs: number };
  /** Webhook sending (WEBHOOK_RETRY_DELAYS_MS: comma-separated waits before each attempt; tests shorten them). */
  webhooks: {
    delaysMs: number[];
    pollMs: number;
    concurrency: number;
    perWebhook: number;
    disableAfterMs: number;
  };
  /** Addresses or CIDR ranges of proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); none by default. */
  trustProxy: string[];
  /** Access-token lifetime in seconds (ACCESS_TOKEN_TTL, default 15 minutes; tests of the expiry dialog shorten it). */
  accessTokenTtl: number;
}

export interface S3Config {
  /** Absent for AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Absent: the SDK's usual credential chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** A whole number above zero from the environment, or the default when unset. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got ${raw}`);
  return n;
}

/** Retries for more than a day by default: now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
function delays(raw: string | undefined): number[] {
  if (!raw) return [0, 5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6];
  const list = raw.split(',').map((x) => Number(x.trim()));
  if (!list.length || list.some((n) => !Number.isInteger(n) || n < 0))
    throw new Error(`WEBHOOK_RETRY_DELAYS_MS must be whole milliseconds separated by commas, got ${raw}`);
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  if (env.DB_POOL_SIZE && !(Number.isInteger(Number(env.DB_POOL_SIZE)) && Number(env.DB_POOL_SIZE) > 0))
    throw new Error(`DB_POOL_SIZE must be a positive whole number, got ${env.DB_POOL_SIZE}`);
  if (env.SECRET_KEY && Buffer.from(env.SECRET_KEY, 'base64').length !== 32)
    throw new Error('SECRET_KEY must be 32 random bytes in base64 (for example: openssl rand -base64 32)');
  const accessTokenTtl = Number(env.ACCESS_TOKEN_TTL ?? 15 * 60);
  if (!Number.isInteger(accessTokenTtl) || accessTokenTtl < 1)
    throw new Error(`ACCESS_TOKEN_TTL must be a positive number of seconds, got ${env.ACCESS_TOKEN_TTL}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    poolSize: env.DB_POOL_SIZE ? Number(env.DB_POOL_SIZE) : undefined,
    pgPrepared: env.PG_PREPARED !== 'off',
    engineThread: env.ENGINE_THREAD !== 'off',
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Platform <no-reply@localhost>',
    jwtSecret: env.JWT_SECRET || undefined,
    secretKey: env.SECRET_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: env.WEB_DIR === '' ? undefined : path.resolve(env.WEB_DIR ?? './dist/web'),
    seedAdminPassword: env.SEED_ADMIN_PASSWORD || undefined,
    seedUserPassword: env.SEED_USER_PASSWORD || undefined,
    seedApproverPassword: env.SEED_APPROVER_PASSWORD || undefined,
    seedDemoContent: env.SEED_DEMO_CONTENT !== 'off',
    outboxWorker: env.OUTBOX_WORKER !== 'off',
    bodyLimit: Number(env.BODY_LIMIT ?? 5 * 1024 * 1024),
    fileMaxBytes: positive(env, 'FILE_MAX_BYTES', 10 * 1024 * 1024),
    fileTenantMaxBytes: positive(env, 'FILE_TENANT_MAX_BYTES', 20 * 1024 * 1024 * 1024),
    scheduler: env.SCHEDULER !== 'off',
    schedulerIntervalMs: positive(env, 'SCHEDULER_INTERVAL_MS', 20_000),
    runLogDays: positive(env, 'RUN_LOG_DAYS', 30),
    connectorSteps: {
      pollMs: positive(env, 'CONNECTOR_STEP_POLL_MS', 250),
      retryMs: positive(env, 'CONNECTOR_STEP_RETRY_MS', 10_000),
    },
    webhooks: {
      delaysMs: delays(env.WEBHOOK_RETRY_DELAYS_MS),
      pollMs: positive(env, 'WEBHOOK_POLL_MS', 100),
      concurrency: positive(env, 'WEBHOOK_CONCURRENCY', 128),
      perWebhook: positive(env, 'WEBHOOK_PER_ENDPOINT', 64),
      disableAfterMs: positive(env, 'WEBHOOK_DISABLE_AFTER_MS', 5 * 24 * 3_600_000),
    },
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    accessTokenTtl,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT || undefined,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
        }
      : undefined,
  };
}
