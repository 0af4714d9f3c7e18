/**
 * `node api/main.ts` (and `npm start` after the build): the service. With PGlite, one process serving
 * everything (api/server.ts). With DATABASE_URL, a fleet: this process becomes the primary of one worker per
 * core (WORKERS), each a whole server on the same port (api/fleet.ts).
 *
 * This file imports only what deciding takes (the settings, the log, the fleet): the server's own modules
 * load in the processes that serve, so a fleet's primary stays a few tens of MiB instead of a whole server's.
 */
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.ts';
import { RUN_OPS_PASSWORD_VARIABLE, runFleet, WORKER_NUMBER_VARIABLE, WORKER_READY } from './fleet.ts';
import { logError, sinkFor } from './log.ts';

// A worker of a fleet says which one it is in every line; the primary and a lone process do not.
const workerNumber = cluster.isWorker ? Number(process.env[WORKER_NUMBER_VARIABLE]) : undefined;
const log = sinkFor(process.env.NODE_ENV === 'production', workerNumber);
try {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) {
    process.exitCode = await runFleet(config, log);
  } else {
    if (cluster.isPrimary && !config.databaseUrl) {
      log('processes: one (the embedded PGlite database has one user at a time; with DATABASE_URL, one per core)');
    }
    const { startServer } = await import('./server.ts');
    const running = await startServer({ log, opsPasswordForRun: process.env[RUN_OPS_PASSWORD_VARIABLE] });
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log(`${signal}: shutting down`);
      await running.close();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.send?.(WORKER_READY);
  }
} catch (error) {
  // A setting to fix is said in one line of ours; anything else is a bug and keeps its stack.
  if (error instanceof ConfigError) log(`Cannot start: ${error.message}`);
  else logError(log, 'start', error);
  process.exitCode = 1;
  // a worker's channel to the primary would keep it alive (and a disconnect would end it with 0)
  if (cluster.isWorker) process.exit(1);
}
