/** Pieces of the configuration (config.ts): its error, and where files live. */

export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      connectTimeoutMs: number;
      requestTimeoutMs: number;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The storage variables of the environment (config.ts's schema). */
export interface StorageEnv {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: string;
  S3_CONNECT_TIMEOUT_MS: number;
  S3_REQUEST_TIMEOUT_MS: number;
}

/** S3 when S3_BUCKET is set (then the credentials are required), the disk otherwise. */
export function storageConfig(env: StorageEnv, uploadDir: string): StorageConfig {
  const s3Vars = [env.S3_ENDPOINT, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (!env.S3_BUCKET) {
    if (s3Vars.some((v) => v !== undefined)) {
      throw new ConfigError(
        'Ungültige Konfiguration:\n  S3_BUCKET: required when S3_ENDPOINT or S3 credentials are set',
      );
    }
    return { kind: 'disk', dir: uploadDir };
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!accessKeyId || !secretAccessKey) {
    const missing = [accessKeyId ? '' : 'S3_ACCESS_KEY_ID', secretAccessKey ? '' : 'S3_SECRET_ACCESS_KEY'];
    const lines = missing.filter(Boolean).map((name) => `  ${name}: required with S3_BUCKET`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    connectTimeoutMs: env.S3_CONNECT_TIMEOUT_MS,
    requestTimeoutMs: env.S3_REQUEST_TIMEOUT_MS,
  };
}
