import { ConfigError, type Env } from './env.js';

/** The S3-compatible store the uploaded files go to, as S3_* configure it. */
export type S3Settings = {
  bucket: string;
  region: string;
  /** Undefined: AWS's endpoint of the region. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};

/** The S3 store S3_BUCKET selects, or undefined when it is unset (the files stay in DATA_DIR/files). */
export function s3SettingsOf(
  env: Pick<Env, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>,
): S3Settings | undefined {
  if (env.S3_BUCKET === undefined) return undefined;
  // parseEnv refuses S3_BUCKET without both keys; an Env built otherwise (a test's) must hold them too.
  if (env.S3_ACCESS_KEY_ID === undefined || env.S3_SECRET_ACCESS_KEY === undefined)
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}
