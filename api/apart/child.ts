/**
 * The child's side of ./parent.ts: does each request it is sent and answers with the result, one message
 * each way, several at once if they come so; ends when the server disconnects (or is gone), after `close`.
 */
import type { ApartReply, ApartRequest } from './parent.ts';

export function serveApart<Req, Res>(work: (request: Req) => Promise<Res>, close: () => Promise<void> = async () => {}): void {
  const reply = (message: ApartReply<Res>) => process.send?.(message);
  process.on('message', (message: ApartRequest<Req>) => {
    work(message.request).then(
      (answer) => reply({ id: message.id, answer }),
      (error: unknown) => {
        const { name, message: text } = error instanceof Error ? error : new Error(String(error));
        reply({ id: message.id, error: { name, message: text } });
      },
    );
  });
  process.once('disconnect', () => {
    void close().finally(() => process.exit(0));
  });
}
