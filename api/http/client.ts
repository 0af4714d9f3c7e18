import type { Context } from 'hono';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The caller's address, for rate limits only. Behind `trustProxy` proxies, each proxy appends the address
 * it saw to X-Forwarded-For, so the client is the entry `trustProxy` places from the end; anything left of
 * it was written by the caller and cannot be trusted. Without a socket (app.request in tests) it is 'local'.
 */
export function clientAddress(c: Context, trustProxy: number): string {
  const socketAddress = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'local';
  if (trustProxy <= 0) return socketAddress;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return hops[hops.length - trustProxy] ?? hops[0] ?? socketAddress;
}
