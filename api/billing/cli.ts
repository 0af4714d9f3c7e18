/**
 * `npm run billing -- --as-of YYYY-MM-DD`: the billing cycle (./cycle.ts) once, as of that day, from the
 * command line against the server's own configuration (the same environment variables: DATABASE_URL or
 * DATA_DIR's PGlite, SMTP_URL, TWILIO_*, PUBLIC_ORIGIN), to see a day of the cycle before it comes. It takes
 * the same job lease as the servers' daily job, so it never runs beside one, and what it sends is sent once
 * whatever runs after (the cycle's guarded updates). Queued e-mails and texts are delivered before it exits.
 *
 * Refused when NODE_ENV=production: there the cycle runs as of today only, in the server's daily job, and a
 * day chosen by hand would send real customers requests out of turn.
 *
 * Prints one line (periods opened and closed, requests and reminders sent, and bills, charges and
 * cancellations, 0 until the bill layer is built). Exit code 0 when nothing failed; 1 when a policy failed
 * (see the log) or another process holds the job; 2 when it could not start.
 *
 * A server using PGlite holds DATA_DIR/pg itself: stop it first.
 */
import { formatIsoDate, localToday, parseIsoDate } from '../../contract/index.ts';
import { blobStoreFromEnv } from '../blobs/config.ts';
import { embeddedDatabaseDir, loadConfig, outboxDirOf } from '../config.ts';
import { openDb } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { consoleSink, logError, type LogSink } from '../log.ts';
import { createMailer } from '../mail/mailer.ts';
import { createMailQueue } from '../mail/queue.ts';
import { createTexter } from '../messages/texter.ts';
import { leaseHolder } from '../jobs/lease.ts';
import { paymentGatewayFor } from '../payments/configured.ts';
import { billingSummary, runBillingJob } from './job.ts';

const USAGE = 'usage: npm run billing -- --as-of YYYY-MM-DD';

/** The day asked for, or a sentence saying what is wrong with the arguments. */
function asOfDay(args: readonly string[]): { day: string } | { refused: string } {
  const at = args.indexOf('--as-of');
  const inline = args.find((arg) => arg.startsWith('--as-of='))?.slice('--as-of='.length);
  const text = inline ?? (at >= 0 ? args[at + 1] : undefined);
  if (text === undefined) return { refused: `billing: say which day to run as of. ${USAGE}` };
  const day = parseIsoDate(text);
  if (!day) return { refused: `billing: "${text}" is not a date written YYYY-MM-DD. ${USAGE}` };
  return { day: formatIsoDate(day) };
}

export async function billingFromCommandLine(args: readonly string[], env: NodeJS.ProcessEnv = process.env, log: LogSink = consoleSink): Promise<number> {
  if (env.NODE_ENV === 'production') {
    log('billing: refused with NODE_ENV=production, where the cycle runs as of today in the server\'s daily job only.');
    return 2;
  }
  const asked = asOfDay(args);
  if ('refused' in asked) {
    log(asked.refused);
    return 2;
  }
  const parsed = parseIsoDate(asked.day)!;
  // Noon local time: the day is that day in the process's zone, whatever the offset (localToday reads it back).
  const asOf = new Date(parsed.year, parsed.month - 1, parsed.day, 12);
  if (formatIsoDate(localToday(asOf)) !== asked.day) throw new Error('the as-of moment is not on the day asked');

  const config = loadConfig(env);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: embeddedDatabaseDir(config.dataDir) });
  const outboxDir = outboxDirOf(config.dataDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir, from: config.mailFrom });
  const texter = createTexter({ twilio: config.twilio, outboxDir });
  // The messages are queued as of the day run, so the queue delivers them on that day's clock.
  const mail = createMailQueue({ db, mailer, texter, clock: () => asOf, log });
  try {
    await migrate(db);
    const payments = paymentGatewayFor(config, db);
    // bills and notices posted without consent to electronic delivery keep their PDFs where the server does
    const blobs = blobStoreFromEnv(env, config.dataDir);
    const result = await runBillingJob({ db, mail, config, payments, blobs, clock: () => new Date(), log }, leaseHolder(), { daily: false, asOf });
    if (!result) {
      log('billing: another process is running the billing cycle now; try again in a few minutes.');
      return 1;
    }
    await mail.settled();
    log(`${billingSummary(result)} (as of ${asked.day})`);
    return result.failed > 0 ? 1 : 0;
  } finally {
    await mail.stop();
    mailer.close();
    await db.close();
  }
}

if (import.meta.main) {
  try {
    process.exitCode = await billingFromCommandLine(process.argv.slice(2));
  } catch (error) {
    logError(consoleSink, 'billing', error);
    process.exitCode = 2;
  }
}
