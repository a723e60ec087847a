// A benchmark run keeps its output in the ignored .data/bench/; the tracked bench/results/ changes
// only when asked (--save) and only for a run with the default sizes.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Report } from '../../bench/support/report.ts';

let root: string;
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

function reportIn(): Report {
  root = mkdtempSync(path.join(tmpdir(), 'jinli-bench-report-'));
  // Progress goes to the terminal; keep the test output clean.
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const report = new Report(root);
  report.line('figures of this run');
  return report;
}

const scratch = (file: string) => path.join(root, '.data/bench', file);
const tracked = (file: string) => path.join(root, 'bench/results', file);

describe('bench output', () => {
  it('a full run without --save leaves the tracked results alone and keeps its output under .data/bench/', () => {
    reportIn().save('placement.txt', true, ['node', 'bench/placement.ts']);
    expect(existsSync(tracked('placement.txt'))).toBe(false);
    expect(readFileSync(scratch('placement.txt'), 'utf8')).toBe('figures of this run\n');
  });

  it('--save updates the tracked results of a full run', () => {
    reportIn().save('placement.txt', true, ['node', 'bench/placement.ts', '--save']);
    expect(readFileSync(tracked('placement.txt'), 'utf8')).toBe('figures of this run\n');
    expect(existsSync(scratch('placement.txt'))).toBe(true);
  });

  it('--save on a run with other sizes does not touch the tracked results', () => {
    reportIn().save('settlement.txt', false, ['node', 'bench/settlement.ts', '1000', '--save']);
    expect(existsSync(tracked('settlement.txt'))).toBe(false);
    expect(existsSync(scratch('settlement.txt'))).toBe(true);
  });
});
