// Coverage-rule benchmark (run: node --import tsx bench/coverage.ts): the CPU time one order costs the server to
// decide whether its typed 快乐8/双色球/大乐透 单式 lines cover every outcome, on the worst cases known,
// before and after issue 15, in the same run. Prints figures, asserts nothing, writes no file.
//
// before: the search of commit 7f3a3dc (bench/support/coverage-before.ts, its 3,000,000-step budget, no
//         ticket cap, no order budget), after the same ticket validation as today; lines are priced
//         one by one until the first refusal, as the order route does.
// after:  `quoteOrder` with one CoverageBudget per order, as src/server/orders/pricing.ts prices it.
// Each figure is the median CPU time (process.cpuUsage) of three runs, each on a fresh list of the same
// shape (the engine remembers verdicts of lists it has seen), after one warm-up run.
import { CoverageBudget, LotteryError, quoteOrder } from '../src/shared/lottery/index.ts';
import { KENO_WINNING_HITS } from '../src/shared/lottery/regular/categories/keno.ts';
import { DLT_GAME } from '../src/shared/lottery/regular/categories/dlt.ts';
import { SSQ_GAME } from '../src/shared/lottery/regular/categories/ssq.ts';
import { WorkMeter } from '../src/shared/lottery/regular/coverage-budget.ts';
import { methodSpec } from '../src/shared/lottery/regular/registry.ts';
import { normalizeSelection } from '../src/shared/lottery/regular/selection.ts';
import { losingTwoZoneDraw, type TwoZoneShape } from '../src/shared/lottery/regular/two-zone-coverage.ts';
import { searchLosingDrawBefore } from './support/coverage-before.ts';

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

/** k different numbers of lo … hi, in random order. */
function sample(rng: () => number, lo: number, hi: number, k: number): number[] {
  const pool = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rng() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k);
}

/** Distinct random tickets (as sorted keys) built by `make`. */
function distinct(count: number, make: () => number[], key: (e: number[]) => string): number[][] {
  const seen = new Set<string>();
  const entries: number[][] = [];
  while (entries.length < count) {
    const entry = make();
    const k = key(entry);
    if (seen.has(k)) continue;
    seen.add(k);
    entries.push(entry);
  }
  return entries;
}
const sortedKey = (e: number[]) => [...e].sort((a, b) => a - b).join(',');

interface Line {
  drawType: string;
  methodId: string;
  entries: number[][];
}

interface Scenario {
  name: string;
  /** A fresh order of the scenario's shape for run `seed`. */
  order(seed: number): Line[];
}

const kenoLine = (k: number, count: number, rng: () => number): Line => ({
  drawType: 'FCKL8',
  methodId: `RX${k}_S`,
  entries: distinct(count, () => sample(rng, 1, 80, k), sortedKey),
});
const twoZoneKey = (split: number) => (e: number[]) => `${sortedKey(e.slice(0, split))}+${sortedKey(e.slice(split))}`;

const shapeOf = (game: typeof SSQ_GAME): TwoZoneShape => ({
  first: { size: game.first.max - game.first.min + 1, drawn: game.first.picks },
  second: { size: game.second.max - game.second.min + 1, drawn: game.second.picks },
  patterns: game.patterns,
});

/**
 * 双色球 with one blue left unused (so no blue settles it) and red sets added one at a time, each
 * killing the losing draw the exact search still finds, until none is left: a list that covers for a
 * non-obvious reason, 100–200 tickets. Numbers are relabelled at random for each run.
 */
function ssqHardCover(seed: number): Line {
  const rng = seeded(seed);
  const shape = shapeOf(SSQ_GAME);
  const tickets: [number[], number[]][] = [];
  for (;;) {
    const draw = losingTwoZoneDraw(shape, tickets, new WorkMeter(Number.MAX_SAFE_INTEGER));
    if (!draw) break;
    tickets.push([draw.first, [Math.floor(rng() * 15)]]);
  }
  const reds = sample(rng, 1, 33, 33);
  return { drawType: 'SSQ', methodId: 'SSQDS', entries: tickets.map(([r, b]) => [...r.map((v) => reds[v]!), b[0]! + 1]) };
}

/**
 * 大乐透 whose front numbers fall in two groups of 18 and 17, every triple inside a group held by a
 * ticket (five numbers of one group): every front draw holds three of one group, so it loses only
 * where no ticket shares a back number with it; the back pairs vary. Covering, and the most first-zone
 * search of the shapes tried.
 */
function dltTwoGroups(seed: number): Line {
  const rng = seeded(seed);
  const groups = [Array.from({ length: 18 }, (_, i) => i), Array.from({ length: 17 }, (_, i) => 18 + i)];
  const covered = new Set<string>();
  const tickets: number[][] = [];
  for (const group of groups) {
    for (let a = 0; a < group.length; a++) {
      for (let b = a + 1; b < group.length; b++) {
        for (let c = b + 1; c < group.length; c++) {
          const triple = [group[a]!, group[b]!, group[c]!];
          if (covered.has(triple.join())) continue;
          const others = group.filter((v) => !triple.includes(v));
          const ticket = [...triple, ...sample(rng, 0, others.length - 1, 2).map((i) => others[i]!)].sort((x, y) => x - y);
          for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) for (let m = j + 1; m < 5; m++) covered.add([ticket[i], ticket[j], ticket[m]].join());
          tickets.push(ticket);
        }
      }
    }
  }
  const fronts = sample(rng, 1, 35, 35);
  // Each ticket holds a triple no earlier one held: the tickets are all different.
  const entries = tickets.map((ticket) => [...ticket.map((v) => fronts[v]!), ...sample(rng, 1, 12, 2)]);
  return { drawType: 'DLT', methodId: 'DLTDS', entries };
}

const SCENARIOS: Scenario[] = [
  { name: '快乐8 选十 单式, 1,000 random tickets (covers)', order: (s) => [kenoLine(10, 1000, seeded(s))] },
  { name: '快乐8 选五 单式, 1,000 random tickets (covers)', order: (s) => [kenoLine(5, 1000, seeded(s))] },
  { name: '快乐8 选三 单式, 300 random tickets (covers)', order: (s) => [kenoLine(3, 300, seeded(s))] },
  {
    name: '双色球 单式, 1,000 random tickets (covers: every blue)',
    order: (s) => {
      const rng = seeded(s);
      return [{ drawType: 'SSQ', methodId: 'SSQDS', entries: distinct(1000, () => [...sample(rng, 1, 33, 6), ...sample(rng, 1, 16, 1)], twoZoneKey(6)) }];
    },
  },
  { name: '双色球 单式, 15 blues, reds built to cover', order: (s) => [ssqHardCover(s)] },
  {
    name: '大乐透 单式, 1,000 random tickets (covers)',
    order: (s) => {
      const rng = seeded(s);
      return [{ drawType: 'DLT', methodId: 'DLTDS', entries: distinct(1000, () => [...sample(rng, 1, 35, 5), ...sample(rng, 1, 12, 2)], twoZoneKey(5)) }];
    },
  },
  { name: '大乐透 单式, two front groups, every in-group triple held', order: (s) => [dltTwoGroups(s)] },
  {
    name: 'one order of 100 lines × 200 random 快乐8 选十 tickets',
    order: (s) => Array.from({ length: 100 }, (_, i) => kenoLine(10, 200, seeded(s * 1000 + i))),
  },
  {
    name: 'one order of 100 lines × 200 random 大乐透 tickets',
    order: (s) => {
      const rng = seeded(s);
      return Array.from({ length: 100 }, () => ({
        drawType: 'DLT',
        methodId: 'DLTDS',
        entries: distinct(200, () => [...sample(rng, 1, 35, 5), ...sample(rng, 1, 12, 2)], twoZoneKey(5)),
      }));
    },
  },
];

/** The verdict of one line by the search before issue 15 (true: covers), after today's validation. */
function coversBefore(line: Line): boolean {
  const spec = methodSpec(line.drawType, line.methodId);
  const { entries } = normalizeSelection(spec, { entries: line.entries });
  if (line.drawType === 'FCKL8') {
    const winning = new Set(KENO_WINNING_HITS[entries[0]!.length]!);
    return !searchLosingDrawBefore([{ size: 80, drawn: 20 }], entries.map((e) => [e.map((v) => v - 1)]), (hits) => winning.has(hits[0]!));
  }
  const game = line.drawType === 'SSQ' ? SSQ_GAME : DLT_GAME;
  const split = game.first.picks;
  const winning = new Set(game.patterns.map(([f, s]) => f * 10 + s));
  return !searchLosingDrawBefore(
    [
      { size: game.first.max - game.first.min + 1, drawn: game.first.picks },
      { size: game.second.max - game.second.min + 1, drawn: game.second.picks },
    ],
    entries.map((e) => [e.slice(0, split).map((v) => v - game.first.min), e.slice(split).map((v) => v - game.second.min)]),
    (hits) => winning.has(hits[0]! * 10 + hits[1]!),
  );
}

function priceBefore(order: Line[]): string {
  for (const [i, line] of order.entries()) if (coversBefore(line)) return `line ${i + 1} refused: covers`;
  return `${order.length} line(s) accepted`;
}

function priceAfter(order: Line[]): string {
  const coverageBudget = new CoverageBudget();
  for (const [i, line] of order.entries()) {
    try {
      quoteOrder(line.drawType, line.methodId, { selection: { entries: line.entries }, mode: 'YUAN', multiplier: 1, coverageBudget });
    } catch (error) {
      if (!(error instanceof LotteryError)) throw error;
      return `line ${i + 1} refused: ${error.code === 'COVERS_ALL_OUTCOMES' ? 'covers' : error.message}`;
    }
  }
  return `${order.length} line(s) accepted`;
}

/** Median CPU milliseconds of three runs on fresh orders, after a warm-up; and the last verdict. */
function measure(scenario: Scenario, price: (order: Line[]) => string, seedBase: number): { ms: number; verdict: string } {
  price(scenario.order(seedBase));
  const times: number[] = [];
  let verdict = '';
  for (let run = 1; run <= 3; run++) {
    const order = scenario.order(seedBase + run);
    const start = process.cpuUsage();
    verdict = price(order);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return { ms: times.sort((a, b) => a - b)[1]!, verdict };
}

/** Reference: CPU time of a fixed integer loop (warmed up), so that runs on busier machines compare. */
function referenceMs(): number {
  const loop = (): number => {
    let x = 0;
    for (let i = 0; i < 50_000_000; i++) x = (x + Math.imul(i, 2654435761)) | 0;
    return x;
  };
  loop();
  const start = process.cpuUsage();
  if (loop() === 42) out('');
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

out('coverage rule — CPU time of one order (median of 3), before (7f3a3dc) and after (issue 15)');
out(`reference: 50,000,000-step integer loop, ${referenceMs().toFixed(0)} ms of CPU`);
let worstBefore = 0;
let worstAfter = 0;
for (const [i, scenario] of SCENARIOS.entries()) {
  const before = measure(scenario, priceBefore, 1000 * i);
  const after = measure(scenario, priceAfter, 1000 * i);
  worstBefore = Math.max(worstBefore, before.ms);
  worstAfter = Math.max(worstAfter, after.ms);
  out(`  ${scenario.name}`);
  out(`    before ${before.ms.toFixed(1).padStart(8)} ms  ${before.verdict}`);
  out(`    after  ${after.ms.toFixed(1).padStart(8)} ms  ${after.verdict}`);
}
out(`worst case: before ${worstBefore.toFixed(0)} ms, after ${worstAfter.toFixed(0)} ms of CPU per order`);
