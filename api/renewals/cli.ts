/**
 * `npm run renew`: the renewal run now, from the command line, against the server's own configuration
 * (the same environment variables: DATABASE_URL or DATA_DIR's PGlite, BLOB_S3_*, SMTP_URL, PUBLIC_ORIGIN).
 * It takes the same job lease as the servers' daily job, so it never runs beside one; renewing is once per
 * policy and term anyway (./run.ts), and so is a renewal taking effect or lapsing (./terms.ts). Queued
 * renewal e-mails are delivered, and the documents due in the documents job (api/documents/job.ts: those a
 * use case of the run requested, or a server left when it stopped) are made, before it exits: no timer of
 * a server is there to make them later.
 *
 * Exit code 0 when the run finished with nothing failed; 1 when a policy failed (see the log) or another
 * process holds the job (try again in a few minutes); 2 when it could not start.
 *
 * A server using PGlite holds DATA_DIR/pg itself: stop it first, or let its daily job do the work.
 */
import { blobStoreFromEnv } from '../blobs/config.ts';
import { embeddedDatabaseDir, loadConfig, outboxDirOf } from '../config.ts';
import { openDb } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { createDocumentsJob, type DocumentsJob } from '../documents/job.ts';
import { consoleSink, logError } from '../log.ts';
import { createMailer } from '../mail/mailer.ts';
import { createMailQueue } from '../mail/queue.ts';
import { runRenewalJob } from './job.ts';
import { leaseHolder } from '../jobs/lease.ts';

export async function renewFromCommandLine(env: NodeJS.ProcessEnv = process.env, log = consoleSink): Promise<number> {
  const config = loadConfig(env);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: embeddedDatabaseDir(config.dataDir) });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: outboxDirOf(config.dataDir), from: config.mailFrom });
  const clock = () => new Date();
  const mail = createMailQueue({ db, mailer, clock, log });
  let documents: DocumentsJob | null = null;
  try {
    await migrate(db);
    const blobs = blobStoreFromEnv(env, config.dataDir);
    documents = createDocumentsJob({ db, blobs, clock, log });
    const result = await runRenewalJob({ db, blobs, mail, config, clock, log }, leaseHolder(), { daily: false });
    if (!result) {
      log('renewals: another process is running the renewals now; try again in a few minutes.');
      return 1;
    }
    await documents.renderDue();
    await mail.settled();
    log(`renewals: ${result.offered} offered, ${result.alreadyRenewed} already renewed, ${result.failed} failed; ${result.started} terms begun, ${result.lapsed} lapsed`);
    return result.failed > 0 ? 1 : 0;
  } finally {
    await documents?.stop();
    await mail.stop();
    mailer.close();
    await db.close();
  }
}

if (import.meta.main) {
  try {
    process.exitCode = await renewFromCommandLine();
  } catch (error) {
    logError(consoleSink, 'renew', error);
    process.exitCode = 2;
  }
}
