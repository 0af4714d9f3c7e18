/**
 * Work a route does after it has answered: the e-mail of a magic link or a password reset. Those calls
 * answer the same whether or not the address has an account (DESIGN.md: the same answer, status and
 * timing), and the surest way to the same timing is to answer before anything depends on the account.
 * The work runs on the next turn of the event loop; a failure is logged (never the address), and the
 * person, who was told to look in their mailbox, can ask again.
 *
 * Tests wait for it with `afterAnswerSettled(t.mail)` before reading the outbox. The pending tasks are kept
 * per mail queue, the one object an app and its test share.
 */
import type { Deps } from '../deps.ts';
import { logError } from '../log.ts';
import type { MailQueue } from '../mail/queue.ts';

const pending = new WeakMap<MailQueue, Set<Promise<void>>>();

/** Runs `work` after the current answer has gone; `what` names it in the log if it fails. */
export function afterAnswer(deps: Pick<Deps, 'mail' | 'log'>, what: string, work: () => Promise<void>): void {
  let tasks = pending.get(deps.mail);
  if (!tasks) pending.set(deps.mail, (tasks = new Set()));
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => logError(deps.log, what, error))
    .finally(() => tasks.delete(task));
  tasks.add(task);
}

/** Resolves once no after-answer work of this app (its mail queue) is running, including work that started more. */
export async function afterAnswerSettled(mail: MailQueue): Promise<void> {
  const tasks = pending.get(mail);
  while (tasks && tasks.size > 0) await Promise.all([...tasks]);
}
