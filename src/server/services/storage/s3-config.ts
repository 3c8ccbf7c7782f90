// Which storage the server uses (issue 6): the local disk under DATA_DIR, or an S3-compatible
// store when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are all set. Half
// a configuration stops the boot naming what is missing, rather than quietly keeping the photos
// on a disk the operator meant not to use.
import { EnvError, type Env } from '#server/env.ts';
import { DEFAULT_S3_REGION, type S3Config } from './s3-storage.ts';

const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type S3Env = Pick<Env, (typeof REQUIRED)[number] | 'S3_REGION' | 'S3_SESSION_TOKEN'>;

/** undefined when no S3_* variable is set; throws EnvError when only some are. */
export function s3ConfigFromEnv(env: S3Env): S3Config | undefined {
  const {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_REGION: region = DEFAULT_S3_REGION,
    S3_SESSION_TOKEN: sessionToken,
  } = env;
  if (endpoint && bucket && accessKeyId && secretAccessKey) {
    return { endpoint, bucket, region, accessKeyId, secretAccessKey, sessionToken };
  }
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length === REQUIRED.length && !env.S3_REGION && !env.S3_SESSION_TOKEN)
    return undefined;
  throw new EnvError(
    missing.map(
      (name) => `${name}: obrigatório para guardar os ficheiros em S3 (${REQUIRED.join(', ')})`,
    ),
  );
}
