/**
 * The load generator of the bench's upload bursts (issue 22, item 5), a process of its own below the server:
 * `node test/bench/upload-burst.ts '<json Burst>'` sends `count` uploads at once, each from its own
 * X-Forwarded-For address, and prints `{ statuses, seconds }` as JSON.
 *
 * Why apart and niced: on the bench's two cores, a generator at the server's priority sending 1 GB of bodies
 * at loopback speed held one core, and /api/health's answers then measured who the scheduler ran, not the
 * server (p99 170 to 680 ms, the same server at 40 to 100 ms with the generator niced). An attacker's
 * uploads come over the network from their own machines; here the kernel's loopback still costs the server
 * what receiving them costs.
 *
 * Each request gives up after 60 s. A request refused before its body is read may end as a TypeError (fetch
 * failed): the server answered 429 and closed the connection while this was still sending.
 */
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { BRAND, formatIsoDate, localToday } from '../../contract/index.ts';

export interface Burst {
  kind: 'claims' | 'photos';
  base: string;
  count: number;
  /** photos: the documents token and the JPEG to send. */
  token?: string;
  photoPath?: string;
}

/**
 * Below the server (nice 0) and the health probe, as it would be on a machine of its own;
 * BENCH_GENERATOR_NICE=0 runs it beside them at their priority, to compare.
 */
export const GENERATOR_NICE = Number(process.env.BENCH_GENERATOR_NICE ?? 10);

const address = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.${1 + (Date.now() % 250)}`;

/** A claim with one 10 MB photo: random bytes after a JPEG's first bytes, read, hashed and parsed in full, then refused (422). */
function claimRequest(burst: Burst): (i: number) => Promise<Response> {
  const boundary = 'ppm-bench-boundary';
  const photo = new Uint8Array(10 * 1000 * 1000);
  for (let at = 0; at < photo.length; at += 65536) crypto.getRandomValues(photo.subarray(at, at + 65536));
  photo.set([0xff, 0xd8, 0xff, 0xe0]);
  const claim = JSON.stringify({
    firstName: 'Ann', lastName: 'Bench', email: 'bench.claims@example.com', telephoneNumber: '602-555-0134', insuranceProvider: BRAND.insurer,
    insuredRelation: 'INSURED', incidentLocation: 'Phoenix', incidentDate: formatIsoDate(localToday()), incidentDescription: 'Bench.', ownerVehicleInvolved: true,
    ownerVehicleLocation: 'tow', ownerVehicleLocationInput: '480-555-0199', ownerVehicleDamage: 'Rear bumper',
  });
  // one shared Blob: the generator's own memory stays small
  const body = new Blob([
    `--${boundary}\r\nContent-Disposition: form-data; name="claim"\r\n\r\n${claim}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="damage.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    photo,
    `\r\n--${boundary}--\r\n`,
  ]);
  return (i) =>
    fetch(`${burst.base}/api/contact/claims`, {
      method: 'POST',
      body,
      headers: {
        origin: burst.base, 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': `bench-${Date.now()}-${i}`, 'x-forwarded-for': address(i),
      },
      signal: AbortSignal.timeout(60_000),
    });
}

function photoRequest(burst: Burst): (i: number) => Promise<Response> {
  const photo = new Blob([readFileSync(burst.photoPath!)]);
  return (i) => {
    const form = new FormData();
    form.set('token', burst.token!);
    form.set('carNumber', '1');
    form.set('reading', '012346');
    form.set('photo', photo, 'odometer.jpg');
    return fetch(`${burst.base}/api/odometer/photo`, {
      method: 'POST', body: form, headers: { origin: burst.base, 'x-forwarded-for': address(1000 + i) }, signal: AbortSignal.timeout(60_000),
    });
  };
}

if (import.meta.main) {
  setPriority(GENERATOR_NICE);
  const burst = JSON.parse(process.argv[2]!) as Burst;
  const send = burst.kind === 'claims' ? claimRequest(burst) : photoRequest(burst);
  const statuses: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: burst.count }, async (_, i) => {
      let status: string;
      try {
        const response = await send(i);
        await response.arrayBuffer();
        status = String(response.status);
      } catch (error) {
        status = (error as Error).name;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
  process.stdout.write(JSON.stringify({ statuses, seconds: (performance.now() - started) / 1000 }));
}
