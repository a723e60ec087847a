// Lottery engine benchmark (run: node --import tsx bench/engine.ts). Prints figures, asserts nothing.
//  1. The slowest `count` over every method at its largest selection (every option of every row,
//     every position; 单式 at 1,000 tickets), with the bet limit lifted so that the selection is valid.
//  2. Settlement throughput: `evaluate` on a batch of 1,000,000 mixed single-level 时时彩 bets against
//     one result — through the plain API, and compiled against a prepared result — next to a trivial
//     positional-match loop over the same batch measured in the same run.
import { performance } from 'node:perf_hooks';
import {
  compileBet,
  configureDrawType,
  count,
  LotteryError,
  evaluate,
  getMethod,
  methodIds,
  prepareResult,
  randomSelection,
  resetDrawTypeConfig,
  type MethodDefinition,
  type Selection,
} from '../src/shared/lottery/index.ts';

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every option of every row (胆码 rows at their maximum, 拖码 the rest); 单式: 1,000 different tickets (all of them when fewer exist). */
function largestSelection(drawType: string, def: MethodDefinition, rng: () => number): Selection {
  if (def.layout.entry) {
    const seen = new Set<string>();
    const entries: number[][] = [];
    const wanted = Math.min(1000, def.ticketSpace);
    for (let i = 0; entries.length < wanted && i < 100 * wanted; i++) {
      const selection = randomSelection(drawType, def.id, rng);
      const entry = selection.entries![0]!;
      const key = def.layout.entry.ordered ? entry.join(',') : [...entry].sort((a, b) => a - b).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push([...entry]);
    }
    return { entries, ...(def.layout.positions ? { positions: def.layout.positions.labels.map((_, i) => i) } : {}) };
  }
  const rows: (number | string)[][] = [];
  def.layout.rows.forEach((row, i) => {
    const taken = new Set(row.label.endsWith('拖码') ? rows[i - 1] : []);
    rows.push(row.options.map((o) => o.value).filter((v) => !taken.has(v)).slice(0, row.maxPicks));
  });
  return { rows, ...(def.layout.positions ? { positions: def.layout.positions.labels.map((_, i) => i) } : {}) };
}

/** Median per-call time of five timed batches, after a warm-up, in milliseconds. */
function timePerCall(action: () => unknown): number {
  const warmUp = performance.now();
  for (let i = 0; i < 200 && (i < 20 || performance.now() - warmUp < 20); i++) action();
  const batches: number[] = [];
  for (let b = 0; b < 5; b++) {
    let iterations = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      action();
      iterations++;
      elapsed = performance.now() - start;
    } while (elapsed < 2 || iterations < 10);
    batches.push(elapsed / iterations);
  }
  return batches.sort((a, b) => a - b)[2]!;
}

function benchCount(): void {
  const drawTypes = ['CQSSC', 'FC3D', 'P5', 'GD11X5', 'BJPK10', 'JSK3', 'FCKL8', 'SSQ', 'DLT'];
  const rng = seeded(7);
  let slowest = { ms: 0, label: '' };
  let slowestEntries = { ms: 0, label: '' };
  let methods = 0;
  for (const drawType of drawTypes) {
    const ids = methodIds(drawType);
    configureDrawType(drawType, { methods: Object.fromEntries(ids.map((id) => [id, { maxBets: Number.MAX_SAFE_INTEGER }])) });
    for (const id of ids) {
      const def = getMethod(drawType, id);
      const selection = largestSelection(drawType, def, rng);
      // The largest selection often wins on every result: count then refuses it (coverage rule),
      // and the time measured is that of the formula plus the coverage verdict.
      let bets: number | 'covers' = 0;
      const ms = timePerCall(() => {
        try {
          bets = count(drawType, id, selection);
        } catch (error) {
          if (!(error instanceof LotteryError && error.code === 'COVERS_ALL_OUTCOMES')) throw error;
          bets = 'covers';
        }
      });
      methods++;
      const measured = bets as number | 'covers'; // assigned inside the timed closure
      const label = `${drawType}/${id} (${measured === 'covers' ? 'covers every result, refused' : `${measured.toLocaleString('en')} 注`})`;
      if (def.layout.entry) {
        if (ms > slowestEntries.ms) slowestEntries = { ms, label };
      } else if (ms > slowest.ms) slowest = { ms, label };
    }
    resetDrawTypeConfig(drawType);
  }
  out(`count — ${methods} methods at their largest selection`);
  out(`  slowest 复式/和值/胆拖 count: ${(slowest.ms * 1000).toFixed(1)} µs  ${slowest.label}`);
  out(`  slowest 单式 count (up to 1,000 tickets): ${(slowestEntries.ms * 1000).toFixed(1)} µs  ${slowestEntries.label}`);
}

const BATCH = 1_000_000;
const POOL = 20_000;
const SINGLE_LEVEL_METHODS = ['ZX5', 'ZX4', 'QZX3', 'HZX3', 'HZX2', 'QZU6', 'HZU6', 'SXZU24', 'DWD', 'H2DXDS', 'HZXHZ', 'QBDW31', 'BDW52', 'YFFS', 'RZX2', 'HZX3_S'];

function benchSettlement(): void {
  const drawType = 'CQSSC';
  const result = [3, 1, 4, 1, 5];
  const rng = seeded(11);
  // A pool of distinct random bets, cycled to a batch of a million (each settled independently).
  const pool = Array.from({ length: POOL }, (_, i) => {
    const methodId = SINGLE_LEVEL_METHODS[i % SINGLE_LEVEL_METHODS.length]!;
    return { methodId, selection: randomSelection(drawType, methodId, rng) };
  });
  const batch = Array.from({ length: BATCH }, (_, i) => pool[i % POOL]!);

  // Reference: a trivial positional-match loop over the same batch.
  let start = performance.now();
  let matches = 0;
  for (const bet of batch) {
    const rows = bet.selection.rows ?? [];
    for (let p = 0; p < rows.length && p < result.length; p++) if (rows[p]!.includes(result[p]!)) matches++;
  }
  const trivialMs = performance.now() - start;

  start = performance.now();
  let winnersPlain = 0;
  for (const bet of batch) winnersPlain += evaluate(drawType, bet.methodId, bet.selection, result)[0]!;
  const plainMs = performance.now() - start;

  start = performance.now();
  const prepared = prepareResult(drawType, result);
  let winnersCompiled = 0;
  for (const bet of batch) winnersCompiled += compileBet(drawType, bet.methodId, bet.selection).evaluate(prepared)[0]!;
  const compiledMs = performance.now() - start;

  const rate = (ms: number): string => `${Math.round(BATCH / (ms / 1000)).toLocaleString('en')} bets/s`;
  out(`settlement — ${BATCH.toLocaleString('en')} mixed single-level 时时彩 bets (${SINGLE_LEVEL_METHODS.length} methods) against one result, one core`);
  out(`  trivial positional-match loop (reference): ${trivialMs.toFixed(0)} ms, ${rate(trivialMs)} (${matches} matches)`);
  out(`  evaluate(drawType, id, selection, result):  ${plainMs.toFixed(0)} ms, ${rate(plainMs)} (${winnersPlain} winning 注)`);
  out(`  compileBet + prepared result (evaluateMany): ${compiledMs.toFixed(0)} ms, ${rate(compiledMs)} (${winnersCompiled} winning 注)`);
  out(`  compiled / trivial: ${(compiledMs / trivialMs).toFixed(1)}× the time of the trivial loop`);
}

benchCount();
benchSettlement();
