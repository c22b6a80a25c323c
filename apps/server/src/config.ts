import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  baseRatesSchema,
  DEFAULT_DUNNING_DAYS,
  dunningSteps,
  isValidIban,
  normaliseUid,
  OENB_BASE_RATES,
  type BaseRate,
  type DunningStep,
  type InvoiceIssuer,
} from '@pb/core';
import { makePrivateDirSync, PRIVATE_FILE_MODE } from './lib/private-files';
import { ttlMilliseconds } from './lib/tokens';
import { ConfigError, storageConfig, type StorageConfig } from './config-parts';

export { ConfigError, type StorageConfig } from './config-parts';

/** Every environment variable the server reads, parsed and validated once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address; unset → 0.0.0.0 in production, 127.0.0.1 otherwise (the dev mailbox holds reset links). */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Prämienbörse <no-reply@praemienboerse.at>'),
  OFFICE_EMAIL: z.string().email().default('office@praemienboerse.at'),
  /**
   * Outside production only: POST /dev/jobs/dunning runs the reminder run as of a given day, so the
   * end-to-end suite can walk an overdue invoice through its reminders (never registered in production).
   */
  DEV_JOBS: z.enum(['true', 'false']).default('false'),
  /** The tax adviser's DATEV numbers for the booking export's header (docs/accounting-export.md). */
  DATEV_CONSULTANT_NUMBER: z.coerce.number().int().min(1001).max(9999999).default(1001),
  DATEV_CLIENT_NUMBER: z.coerce.number().int().min(1).max(99999).default(1),
  /** Base of links in mails; defaults to http://localhost:<PORT>. */
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  /** Key of the candidate fingerprints (HMAC); changing it makes earlier introductions unmatchable. */
  FINGERPRINT_SECRET: z.string().min(32).optional(),
  /** Key of the introductions register's MACs (decision 0027); the database never holds it. */
  REGISTER_SECRET: z.string().min(32).optional(),
  JWT_TTL: z
    .string()
    .default('8h')
    .refine((v) => isTtl(v), 'a number of seconds or with a unit: 30m, 8h, 1d, 1w'),
  /** Key of the stored TOTP secrets and recovery-code hashes; unset → derived from JWT_SECRET. */
  SECOND_FACTOR_KEY: z.string().min(32).optional(),
  /** Passkeys: the relying party (a domain, never an IP address); unset → the host of PUBLIC_URL. */
  WEBAUTHN_RP_ID: z.string().min(1).max(253).optional(),
  /** Passkeys: origins accepted besides PUBLIC_URL's (comma-separated, e.g. a second domain). */
  WEBAUTHN_ORIGINS: z.string().optional(),
  /** S3-compatible file store; with S3_BUCKET set, every file goes there instead of DATA_DIR/uploads. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3 bucket names have 3–63 lowercase letters, digits, dots or hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** S3: opening a connection to the store. */
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
  /** S3: one store operation until its answer starts (retries included); then the request answers 503. */
  S3_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  /** Bearer token for GET /metrics; required in production to expose metrics at all. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** SIGTERM: how long in-flight requests, sockets and mail sends get before the process exits. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * SIGTERM: readiness answers 503 this long before the server stops accepting, so a load
   * balancer's health check takes the instance out first (set it to the check interval × fall).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INTRO_VIDEO_URL: z.string().url().optional(),
  DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Multiplies every per-IP rate limit (end-to-end suites run many users from one IP). */
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** PostgreSQL: opening a connection (and waiting for a free one in the pool). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(5000),
  /** PostgreSQL statement_timeout; the client also gives up on a silent connection shortly after. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(10_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  /** Readiness check (/api/health, /api/health/ready): 503 when the database does not answer in time. */
  DB_HEALTH_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(1000),
  /** HTTP: all request headers must arrive within this time (slow-loris on headers). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(20_000),
  /** HTTP: the whole request incl. body (5 × 5 MB uploads on a slow line). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(600_000),
  /** HTTP: socket inactivity during a request (a stalled body or a reader that stopped). */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  /** HTTP: an idle keep-alive connection is closed after this time. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(72_000),
  IMPRINT_COMPANY: z.string().default('Prämienbörse GmbH'),
  IMPRINT_ADDRESS: z.string().default('Mariahilfer Straße 1, 1060 Wien'),
  IMPRINT_EMAIL: z.string().email().default('office@praemienboerse.at'),
  IMPRINT_PHONE: z.string().default('+43 1 234 56 78'),
  IMPRINT_REGISTER: z.string().default('FN 000000a, Handelsgericht Wien'),
  IMPRINT_VAT_ID: z.string().default('ATU00000000'),
  IMPRINT_CEO: z.string().default('Mag. Maria Beispiel'),
  IMPRINT_CHAMBER: z.string().default('Wirtschaftskammer Wien, Fachgruppe Gewerbliche Dienstleister'),
  IMPRINT_AUTHORITY: z.string().default('Magistratisches Bezirksamt für den 6. Bezirk'),
  IMPRINT_TRADE: z.string().default('Arbeitsvermittlung (Gewerbeordnung 1994, Österreich)'),
  /** Bank details printed on invoices (§ 11 UStG issuer data is the IMPRINT_* company, address, UID, FN). */
  INVOICE_IBAN: z.string().default('AT611904300234573201'),
  INVOICE_BIC: z.string().default('BKAUATWW'),
  INVOICE_BANK: z.string().default('Demo-Bank (keine echte Bankverbindung)'),
  /** Dunning (issue 34): calendar days after the due date of 'Zahlungserinnerung', '1. Mahnung', '2. Mahnung'. */
  DUNNING_DAYS: z
    .string()
    .default(DEFAULT_DUNNING_DAYS.join(','))
    .transform((text, issue) => {
      const days = text.split(',').map((d) => Number(d.trim()));
      if (
        days.length !== 3 ||
        !days.every((d, i) => Number.isInteger(d) && d >= 1 && d <= 365 && (i === 0 || d > days[i - 1]!))
      ) {
        issue.addIssue({ code: 'custom', message: 'three rising day counts after the due date, e.g. 7,21,35' });
        return z.NEVER;
      }
      return days as [number, number, number];
    }),
  /** OeNB base rates from their first day ('2025-06-11:1.53,…'), added to the published ones built in. */
  BASE_RATES: baseRatesSchema.default([]),
});

/** Issuer data an invoice needs; production refuses to start without each set explicitly and valid. */
const INVOICE_ISSUER_VARS = [
  'IMPRINT_COMPANY',
  'IMPRINT_ADDRESS',
  'IMPRINT_EMAIL',
  'IMPRINT_REGISTER',
  'IMPRINT_VAT_ID',
  'INVOICE_IBAN',
  'INVOICE_BIC',
  'INVOICE_BANK',
] as const;

function invoiceIssuerProblems(env: Env, source: Record<string, string | undefined>): string[] {
  const problems = INVOICE_ISSUER_VARS.filter((name) => !source[name]).map(
    (name) => `  ${name}: in production required (printed on every invoice)`,
  );
  if (!/^ATU\d{8}$/.test(normaliseUid(env.IMPRINT_VAT_ID)))
    problems.push('  IMPRINT_VAT_ID: not an Austrian UID (ATU + 8 digits)');
  if (!isValidIban(env.INVOICE_IBAN)) problems.push('  INVOICE_IBAN: not a valid IBAN (check digits)');
  if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(env.INVOICE_BIC)) problems.push('  INVOICE_BIC: not a valid BIC');
  if (!/\bFN\s*\d{1,6}\s*[a-z]\b/i.test(env.IMPRINT_REGISTER)) {
    problems.push('  IMPRINT_REGISTER: must name the Firmenbuchnummer (e.g. "FN 123456a, Handelsgericht Wien")');
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  uploadDir: string;
  /** Where files live: the disk under DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** GET /metrics needs `Authorization: Bearer <token>` when set; production without it serves no metrics. */
  metricsToken: string | undefined;
  shutdown: { timeoutMs: number; drainMs: number };
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  officeEmail: string;
  /** Outside production: the dev job runner (POST /dev/jobs/dunning) is registered. */
  devJobs: boolean;
  /** DATEV's Beraternummer and Mandantennummer for the booking export. */
  datev: { consultantNumber: number; clientNumber: number };
  publicUrl: string;
  jwtSecret: string;
  fingerprintSecret: string;
  /** MAC key of the introductions register (decision 0027). */
  registerSecret: string;
  jwtTtl: string;
  /** Seals TOTP secrets and keys recovery-code hashes (lib/secret-box.ts). */
  secondFactorKey: string;
  /** Passkeys (WebAuthn): the relying party id and the origins a response may come from. */
  webauthn: { rpId: string; origins: string[] };
  logLevel: Env['LOG_LEVEL'];
  introVideoUrl: string | undefined;
  demoData: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  trustProxy: boolean;
  rateLimitFactor: number;
  dbTimeouts: {
    connectMs: number;
    statementMs: number;
    idleInTransactionMs: number;
    healthMs: number;
  };
  httpTimeouts: {
    headersMs: number;
    requestMs: number;
    idleMs: number;
    keepAliveMs: number;
  };
  /** Printed on every invoice (validated at start in production). */
  invoiceIssuer: InvoiceIssuer;
  /** Reminders of late payers: the steps and the base rates of the default interest (issue 34). */
  dunning: { steps: DunningStep[]; baseRates: BaseRate[] };
  imprint: {
    company: string;
    address: string;
    email: string;
    phone: string;
    register: string;
    vatId: string;
    ceo: string;
    chamber: string;
    authority: string;
    trade: string;
  };
}

/** Parses the environment; lists every problem at once instead of failing on the first. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.JWT_SECRET) {
    throw new ConfigError('Ungültige Konfiguration:\n  JWT_SECRET: in production required (min. 32 characters)');
  }
  if (isProduction && !env.FINGERPRINT_SECRET) {
    throw new ConfigError(
      'Ungültige Konfiguration:\n  FINGERPRINT_SECRET: in production required (min. 32 characters)',
    );
  }
  if (isProduction && !env.REGISTER_SECRET) {
    throw new ConfigError('Ungültige Konfiguration:\n  REGISTER_SECRET: in production required (min. 32 characters)');
  }
  if (isProduction) {
    const problems = invoiceIssuerProblems(env, cleaned);
    if (problems.length > 0) throw new ConfigError(`Ungültige Konfiguration:\n${problems.join('\n')}`);
  }
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Ungültige Konfiguration:\n  HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const uploadDir = path.join(dataDir, 'uploads');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const jwtSecret = env.JWT_SECRET ?? localSecret(dataDir, 'jwt-secret');
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    uploadDir,
    storage: storageConfig(env, uploadDir),
    metricsToken: env.METRICS_TOKEN,
    shutdown: { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, drainMs: env.SHUTDOWN_DRAIN_MS },
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    officeEmail: env.OFFICE_EMAIL,
    devJobs: !isProduction && env.DEV_JOBS === 'true',
    datev: { consultantNumber: env.DATEV_CONSULTANT_NUMBER, clientNumber: env.DATEV_CLIENT_NUMBER },
    publicUrl,
    jwtSecret,
    fingerprintSecret: env.FINGERPRINT_SECRET ?? localSecret(dataDir, 'fingerprint-secret'),
    registerSecret: env.REGISTER_SECRET ?? localSecret(dataDir, 'register-secret'),
    jwtTtl: env.JWT_TTL,
    secondFactorKey: env.SECOND_FACTOR_KEY ?? `${jwtSecret}:second-factor`,
    webauthn: webauthnConfig(env, publicUrl),
    logLevel: env.LOG_LEVEL,
    introVideoUrl: env.INTRO_VIDEO_URL,
    demoData: env.DEMO_DATA === 'auto' && !isProduction,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    trustProxy: env.TRUST_PROXY === 'true',
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    dbTimeouts: {
      connectMs: env.DB_CONNECT_TIMEOUT_MS,
      statementMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      healthMs: env.DB_HEALTH_TIMEOUT_MS,
    },
    httpTimeouts: {
      headersMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: env.HTTP_REQUEST_TIMEOUT_MS,
      idleMs: env.HTTP_IDLE_TIMEOUT_MS,
      keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    dunning: {
      steps: dunningSteps(env.DUNNING_DAYS),
      baseRates: [...OENB_BASE_RATES, ...env.BASE_RATES].sort((a, b) => a.validFrom.localeCompare(b.validFrom)),
    },
    invoiceIssuer: {
      name: env.IMPRINT_COMPANY,
      address: env.IMPRINT_ADDRESS,
      uid: normaliseUid(env.IMPRINT_VAT_ID),
      register: env.IMPRINT_REGISTER,
      iban: env.INVOICE_IBAN.replace(/\s/g, '').toUpperCase(),
      bic: env.INVOICE_BIC,
      bank: env.INVOICE_BANK,
      email: env.IMPRINT_EMAIL,
    },
    imprint: {
      company: env.IMPRINT_COMPANY,
      address: env.IMPRINT_ADDRESS,
      email: env.IMPRINT_EMAIL,
      phone: env.IMPRINT_PHONE,
      register: env.IMPRINT_REGISTER,
      vatId: env.IMPRINT_VAT_ID,
      ceo: env.IMPRINT_CEO,
      chamber: env.IMPRINT_CHAMBER,
      authority: env.IMPRINT_AUTHORITY,
      trade: env.IMPRINT_TRADE,
    },
  };
}

function isTtl(value: string): boolean {
  try {
    return ttlMilliseconds(value) > 0;
  } catch {
    return false;
  }
}

/** The relying party of passkeys: WEBAUTHN_RP_ID or PUBLIC_URL's host; PUBLIC_URL's origin plus WEBAUTHN_ORIGINS. */
function webauthnConfig(env: Env, publicUrl: string): { rpId: string; origins: string[] } {
  const url = new URL(publicUrl);
  const extra = (env.WEBAUTHN_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => new URL(o).origin);
  return { rpId: env.WEBAUTHN_RP_ID ?? url.hostname, origins: [...new Set([url.origin, ...extra])] };
}

/** Outside production a secret is generated once and kept in DATA_DIR so tokens (and fingerprints) survive restarts. */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  makePrivateDirSync(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}
