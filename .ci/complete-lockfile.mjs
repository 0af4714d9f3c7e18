#!/usr/bin/env node
/**
 * Records the other platforms' optional native packages in package-lock.json.
 *
 * Why: the registry mirror our machines reach serves only the packages of this platform (linux x64);
 * asking it for @rollup/rollup-darwin-x64 answers 404. npm then writes a lock without the other
 * platforms' optional binaries (rollup, esbuild, astro's compiler...), and `npm ci` of npm 11 refuses
 * that lock as "not in sync" ("Missing: @rollup/rollup-darwin-x64@ from lock file").
 * Each entry we add is marked optional with the os/cpu/libc its name states, so npm on this platform
 * skips it without fetching, and npm elsewhere installs its own binary as usual.
 *
 * Run after any `npm install` that changes dependencies: `node .ci/complete-lockfile.mjs`.
 * `--check` only reports (exit 1 when entries are missing), for CI.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'openharmony', 'sunos', 'win32', 'aix', 'cygwin'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

/** The platform a native package's name states, e.g. rollup-linux-arm64-musl -> linux, arm64, musl. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('wasi') ? undefined : undefined);
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('arm') || parts.includes('eabi') ? 'arm' : undefined);
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') || parts.includes('gnueabihf') ? 'glibc' : undefined;
  return { os, cpu, libc };
}

const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    // npm looks for the dependency beside its parent first, then hoisted to the top.
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    const version = spec.replace(/^[~^=]/, '');
    const record = { version, resolved: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz`, optional: true };
    if (cpu) record.cpu = [cpu];
    if (libc) record.libc = [libc];
    if (os) record.os = [os];
    missing.push([`node_modules/${name}`, record]);
  }
}

if (process.argv.includes('--check')) {
  if (missing.length) {
    console.error(`package-lock.json lacks ${missing.length} optional platform packages; run node .ci/complete-lockfile.mjs`);
    process.exit(1);
  }
  process.exit(0);
}
for (const [key, record] of missing) packages[key] = record;
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: recorded ${missing.length} optional platform packages`);
