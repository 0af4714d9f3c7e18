/**
 * What every route and use case is handed: configuration, the database, the message queue, the clock and
 * the log. Its own file, so that app.ts (which builds it) and routes/* and the use cases (which take it)
 * do not import each other.
 */
import type { BlobStore } from './blobs/store.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { DocumentsJob } from './documents/job.ts';
import type { LogSink } from './log.ts';
import type { MailQueue } from './mail/queue.ts';
import type { PaymentGateway } from './payments/gateway.ts';

export interface Deps {
  config: Config;
  db: Db;
  /** Mail goes through the queue: stored with the request's work, delivered (and retried) after it. */
  mail: MailQueue;
  /** The card gateway: Stripe with keys, the test-mode gateway of Stripe's test tokens without (api/payments/). */
  payments: PaymentGateway;
  /** PDFs and odometer photos: files under DATA_DIR/blobs, or an S3-compatible bucket (api/blobs/). */
  blobs: BlobStore;
  /**
   * The documents job (api/documents/job.ts): a use case asks for a policy's documents in its transaction
   * and kicks `renderDue()` after its commit, which makes them off the answer's path.
   */
  documents: DocumentsJob;
  clock: () => Date;
  log: LogSink;
}
