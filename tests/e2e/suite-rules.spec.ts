// The rules that keep the browser suite deterministic on a slow or busy host (docs/pwa.md, Tests):
// no test logs in to a shared demo account (another test's settlement moves its balance), and no
// test waits for a fixed time (too short on a loaded machine, wasted on a fast one).
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const DIR = new URL('./', import.meta.url);

function sources(): { file: string; text: string }[] {
  const walk = (dir: URL, prefix = ''): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`) : entry.name.endsWith('.ts') ? [`${prefix}${entry.name}`] : [],
    );
  return walk(DIR)
    .filter((file) => file !== 'suite-rules.spec.ts')
    .map((file) => ({ file, text: readFileSync(new URL(file, DIR), 'utf8') }));
}

/** Lines of the browser tests matching `pattern`, as `file:line: text`. */
function offending(pattern: RegExp): string[] {
  return sources().flatMap(({ file, text }) =>
    text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

test('no browser test uses a seeded demo account: each makes its own', () => {
  expect(offending(/\bdemo_(player|agent|trial|primary|member\d)\b/)).toEqual([]);
});

test('no browser test waits for a fixed time', () => {
  expect(offending(/waitForTimeout\(|(?<!test\.)setTimeout\(|\bsleep\(/)).toEqual([]);
});

test('screenshots go to the run’s output directory, not a fixed path', () => {
  expect(offending(/path:\s*['"`]test-results\//)).toEqual([]);
});
