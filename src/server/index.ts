// Entry of `npm start` (after the web bundle is built). Reads the env, starts the
// server, prints the URL, and shuts down gracefully on SIGINT/SIGTERM.
import { DataDirInUseError } from '#server/admin/admin-socket.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { startServer } from '#server/server.ts';
import { s3ConfigFromEnv } from '#server/services/storage/s3-config.ts';
import { billingConfigFromEnv } from '#server/services/billing/billing-config.ts';

// Printed while the dev mailbox is on (ADR 012): it is what a self-hoster on the defaults runs.
const DEV_MAILBOX_WARNING = `ATENÇÃO: a caixa de correio de desenvolvimento está ligada (SMTP_URL não definido).
  Os emails não são enviados: ficam em /dev/emails, todos, incluindo links de reposição de
  palavra-passe. Essa página só responde a pedidos desta máquina (localhost).
  Para enviar emails a sério, defina SMTP_URL.

`;

async function main() {
  let env;
  let s3;
  let billing;
  try {
    env = loadEnv();
    s3 = s3ConfigFromEnv(env);
    // Stripe needs its webhook secret: refused here, naming the variable.
    billing = billingConfigFromEnv(env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(env.LOG_LEVEL);
  const server = await startServer({
    port: env.PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    appUrl: env.APP_URL,
    logger,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    isProduction: env.NODE_ENV === 'production',
    forceDevMailbox: env.DEV_MAILBOX === '1',
    trustProxy: env.TRUST_PROXY,
    s3,
    billing,
    secrets: {
      sessionSecret: env.SESSION_SECRET,
      vapid:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
    },
    encryptionKey: { key: env.ENCRYPTION_KEY, previousKey: env.ENCRYPTION_KEY_PREVIOUS },
    // Google sign-in only when both credentials are set; the web hides the button otherwise.
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
  });
  logger.info(
    {
      url: server.url,
      db: env.DATABASE_URL ? 'postgres' : 'pglite',
      files: s3 ? 's3' : 'disk',
      billing: billing.stripe ? 'stripe' : 'manual',
    },
    'server started',
  );
  process.stdout.write(`\nPapelada está a correr em ${env.APP_URL ?? server.url}\n\n`);
  if (server.devMailbox) process.stdout.write(DEV_MAILBOX_WARNING);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // Another server or an admin command has this data folder's PGlite open (ADR 018).
  if (error instanceof DataDirInUseError) {
    console.error(`Não foi possível iniciar o Papelada: ${error.message}`);
    process.exit(1);
  }
  console.error('Não foi possível iniciar o Papelada:', error);
  process.exit(1);
});
