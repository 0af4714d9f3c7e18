/**
 * What failed, in a few lines each, read from a runner's own report: test/run-all.ts prints these above its
 * summary, so that the tail of a long CI log (all that some CI pages keep) names the failed test and why.
 */

const ERROR_LINES = 8;

/**
 * The failed tests of a node:test TAP file: each leaf `not ok` with where it is and the first lines of its
 * error. A suite whose only failure is its subtests' (failureType subtestsFailed) adds nothing of its own.
 */
export function tapFailures(tap: string): string[] {
  const lines = tap.split('\n');
  const found: string[] = [];
  lines.forEach((line, at) => {
    const failed = line.match(/^(\s*)not ok \d+ - (.*)$/);
    if (!failed) return;
    const fieldIndent = `${failed[1]}  `;
    const block: string[] = [];
    for (let next = at + 2; next < lines.length && lines[next] !== `${fieldIndent}...`; next++) block.push(lines[next]!.slice(fieldIndent.length));
    const field = (key: string) => block.find((entry) => entry.startsWith(`${key}: `))?.slice(key.length + 2);
    if (field('failureType') === "'subtestsFailed'") return;
    const error = field('error') ?? '';
    let errorLines = [error.replace(/^'|'$/g, '')];
    if (error === '|-') {
      const after = block.slice(block.indexOf('error: |-') + 1);
      const end = after.findIndex((entry) => entry !== '' && !entry.startsWith('  '));
      errorLines = after.slice(0, end === -1 ? undefined : end).map((entry) => entry.trim());
    }
    found.push(`✖ ${failed[2]} (${(field('location') ?? '').replace(/^'|'$/g, '')})`, ...errorLines.filter(Boolean).slice(0, ERROR_LINES).map((entry) => `    ${entry}`));
  });
  return found;
}

/** A runner's output without its terminal escapes: colours, and the cursor moves of a progress bar. */
export function withoutEscapes(output: string): string {
  // eslint-disable-next-line no-control-regex
  return output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
}

/** web-test-runner's failures: each `❌ test` line with the file heading it (`path:` alone on its line) and its error below. */
export function wtrFailures(output: string): string[] {
  const lines = withoutEscapes(output).split('\n');
  const found: string[] = [];
  lines.forEach((line, at) => {
    if (!line.includes('❌')) return;
    const file = lines.slice(0, at).findLast((before) => /^\S.*\.test\.[jt]sx?:$/.test(before))?.slice(0, -1);
    const error = lines.slice(at + 1).findIndex((after) => after.trim() === '' || after.includes('❌'));
    const errorLines = lines.slice(at + 1, at + 1 + (error === -1 ? ERROR_LINES : Math.min(error, ERROR_LINES)));
    found.push(`✖ ${line.replace('❌', '').trim()}${file ? ` (${file})` : ''}`, ...errorLines.map((entry) => `    ${entry.trim()}`));
  });
  return found;
}

/** tsc's errors are its own summary. */
export function tscFailures(output: string): string[] {
  return output.split('\n').filter((line) => /\): error TS\d+:/.test(line));
}
