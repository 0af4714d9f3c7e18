import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { idleMemory, type Gc } from './idle-memory.ts';

/** A gc stand-in that records its calls and resolves `called` on the first. */
function recordingGc() {
  const calls: Parameters<Gc>[0][] = [];
  let resolveCalled: () => void = () => {};
  const called = new Promise<void>((resolve) => {
    resolveCalled = resolve;
  });
  const gc: Gc = (options) => {
    calls.push(options);
    resolveCalled();
  };
  return { gc, calls, called };
}

const answer = async () => new Response('ok');

describe('memory handed back after a burst', () => {
  it('runs one memory-reducing collection once a burst is followed by quiet', async () => {
    const { gc, calls, called } = recordingGc();
    const idle = idleMemory({ gc, quietMs: 5, burst: 3 });
    const handler = idle.track(answer);
    await Promise.all([handler(), handler(), handler()]);
    await called;
    assert.deepEqual(calls, [{ type: 'major', execution: 'sync', flavor: 'last-resort' }]);
    idle.stop();
  });

  it('waits while a request is in flight, and needs a whole burst again after collecting', async () => {
    const { gc, calls, called } = recordingGc();
    const idle = idleMemory({ gc, quietMs: 5, burst: 2 });
    let finish: () => void = () => {};
    const slow = idle.track(() => new Promise<Response>((resolve) => {
      finish = () => resolve(new Response('slow'));
    }));
    const quick = idle.track(answer);
    const pending = slow();
    await quick();
    // the quick one ended while the slow one is in flight: well past the quiet time, nothing has collected
    await new Promise<void>((resolve) => setTimeout(resolve, 30));
    assert.equal(calls.length, 0);
    finish();
    await pending;
    await called;
    assert.equal(calls.length, 1);
    // one request is not a burst: after it, however long the quiet, no second collection
    await quick();
    await new Promise<void>((resolve) => setTimeout(resolve, 50));
    assert.equal(calls.length, 1);
    idle.stop();
  });

  it('does nothing without V8 gc (the server started without --expose-gc)', async () => {
    const idle = idleMemory({ gc: undefined, quietMs: 1, burst: 1 });
    assert.equal(idle.track(answer), answer);
  });
});
