// Bench output: printed as it comes, and kept: every run's under .data/bench/ (ignored by git), the
// tracked bench/results/ only when asked (--save), for a run with the default sizes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';

export class Report {
  private readonly lines: string[] = [];

  /** `root`: the checkout the directories below are in. */
  constructor(private readonly root = process.cwd()) {}

  line(text = ''): void {
    process.stdout.write(`${text}\n`);
    this.lines.push(text);
  }

  /** Progress for the terminal only (not saved). */
  progress(text: string): void {
    process.stderr.write(`${text}\n`);
  }

  table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): void {
    this.line(`| ${header.join(' | ')} |`);
    this.line(`|${header.map(() => '---').join('|')}|`);
    for (const row of rows) this.line(`| ${row.join(' | ')} |`);
  }

  /**
   * Writes everything printed so far to .data/bench/<file>, and to the tracked bench/results/<file>
   * when the command line asked for it (--save) and the run used the default sizes (`fullRun`).
   */
  save(file: string, fullRun: boolean, argv: readonly string[] = process.argv): void {
    this.progress(`saved to ${this.write(SCRATCH_DIR, file)}`);
    if (!argv.includes(SAVE_FLAG)) {
      this.progress(`bench/results/${file} unchanged (${SAVE_FLAG} updates it)`);
    } else if (!fullRun) {
      this.progress(`bench/results/${file} unchanged: ${SAVE_FLAG} keeps runs with the default sizes only`);
    } else {
      this.progress(`saved to ${this.write(TRACKED_DIR, file)}`);
    }
  }

  private write(directory: string, file: string): string {
    const target = path.resolve(this.root, directory, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${this.lines.join('\n')}\n`);
    return path.relative(process.cwd(), target);
  }
}

const SAVE_FLAG = '--save';
const SCRATCH_DIR = '.data/bench';
const TRACKED_DIR = 'bench/results';

/** The command line's numbers and words, without its --flags. */
export function positionalArgs(): string[] {
  return process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
}

/** Where and when: the figures mean little without the machine and the load on it. */
export async function environmentLine(pool: pg.Pool): Promise<string> {
  const version = await pool.query<{ server_version: string }>('SHOW server_version');
  const settings = await pool.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name IN ('shared_buffers', 'synchronous_commit', 'fsync', 'max_wal_size') ORDER BY name`,
  );
  const pgSettings = settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ');
  const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
  return `${new Date().toISOString()} · ${gitState()} · ${os.cpus().length} cores · load average ${load} · Node ${process.version} · PostgreSQL ${version.rows[0]!.server_version} (${pgSettings})`;
}

/** The code measured: the commit, and how many files under src/ differ from it (read-only git). */
function gitState(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['--no-optional-locks', 'status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).split('\n').filter(Boolean).length;
    return `commit ${head}${dirty > 0 ? ` + ${dirty} changed paths under src/` : ''}`;
  } catch {
    return 'commit unknown';
  }
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
