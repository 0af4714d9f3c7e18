import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { ApiError, errorResponse } from './errors.ts';
import { closeWhileBodyArrives } from './guards.ts';

const BODY_BYTES = 20 * 1024 * 1024;

/**
 * A server as server.ts makes it (Node's, through @hono/node-server) with the guard and a route that refuses
 * before reading the body, as the upload caps do. Each closed connection's bytes read are summed.
 */
async function refusingServer() {
  const app = new Hono();
  app.use('*', closeWhileBodyArrives);
  app.post('/refused', () => {
    throw new ApiError(429, 'Busy.');
  });
  app.post('/read', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
  app.onError((error, c) => errorResponse(c, (error as ApiError).status, [(error as Error).message]));
  let bytesRead = 0;
  const closed: Promise<void>[] = [];
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  server.on('connection', (socket: Socket) => closed.push(new Promise((resolve) => socket.on('close', () => ((bytesRead += socket.bytesRead), resolve())))));
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    /** Ends the server and every connection; the bytes the server read on them, in all. */
    async close(): Promise<number> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all(closed);
      return bytesRead;
    },
  };
}

/** POSTs `bytes` bytes to `path` in 64 KiB writes, as fast as the connection takes them: the answer's status and headers. */
function post(port: number, path: string, bytes: number): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-length': String(bytes), 'content-type': 'application/octet-stream' } });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    });
    // The server may close while we still write: that is the behaviour under test, not a failure.
    req.on('error', (error: NodeJS.ErrnoException) => (['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

test('an upload refused while its body arrives closes the connection instead of reading the rest (issue 22, item 5)', async () => {
  const server = await refusingServer();
  const answer = await post(server.port, '/refused', BODY_BYTES);
  const bytesRead = await server.close();
  assert.equal(answer.status, 429);
  assert.equal(answer.connection, 'close');
  // Without the guard Node reads the whole body to keep the connection alive; the kernel's buffers let a few MB through.
  assert.ok(bytesRead < BODY_BYTES / 4, `the server read ${bytesRead} bytes of a ${BODY_BYTES}-byte body it had refused`);
});

test('a request whose body has all come keeps its connection', async () => {
  const server = await refusingServer();
  const answer = await post(server.port, '/read', 1024 * 1024);
  await server.close();
  assert.equal(answer.status, 200);
  assert.equal(answer.connection, 'keep-alive');
});
