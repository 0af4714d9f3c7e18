/**
 * A job only one replica runs at a time (migration 012, job_leases): taking the lease is one statement that
 * either creates the job's row or moves its leased_until forward, and only where the previous lease has run
 * out, so of two replicas asking at the same moment exactly one gets a row back. A holder that dies keeps
 * the job only until its lease ends. A daily job also records the day it last finished, and is not taken
 * again that day.
 *
 * A row rather than pg_advisory_lock: a session lock belongs to one pooled connection (PostgreSQL) and would
 * be held by whichever query ran on it, and PGlite has a single connection; a row works the same on both.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Queryable } from '../db/db.ts';

/** Names this process as a holder: host, process and a random part (two processes never share one). */
export function leaseHolder(): string {
  return `${hostname().slice(0, 64)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export interface LeaseRequest {
  name: string;
  holder: string;
  now: Date;
  /** How long the job is ours unless we finish (or renew the lease) first. */
  leaseMs: number;
  /** A daily job's day (YYYY-MM-DD): refused when the job already finished that day. */
  day?: string | null;
}

/** Takes the job's lease; true when this holder now has it. */
export async function takeLease(db: Queryable, request: LeaseRequest): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO job_leases (name, holder, leased_until) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, leased_until = EXCLUDED.leased_until
       WHERE job_leases.leased_until <= $4
         AND ($5::date IS NULL OR job_leases.last_day IS NULL OR job_leases.last_day < $5::date)
     RETURNING holder`,
    [request.name, request.holder, new Date(request.now.getTime() + request.leaseMs), request.now, request.day ?? null],
  );
  return rows.length === 1;
}

/** Gives the lease back; with `day`, records that the daily job finished that day. */
export async function releaseLease(db: Queryable, name: string, holder: string, now: Date, day: string | null = null): Promise<void> {
  await db.query(
    `UPDATE job_leases SET leased_until = $3, last_day = COALESCE($4::date, last_day) WHERE name = $1 AND holder = $2`,
    [name, holder, now, day],
  );
}
