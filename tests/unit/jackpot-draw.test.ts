// The jackpot draw (shared/jackpot/draw.ts) and its terminal verifier (scripts/verify/jackpot.ts).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { drawJackpotWinner, entryListHash, entryListText, jackpotCommitment, verifyJackpotDraw } from '../../src/shared/jackpot/draw.ts';
import { main } from '../../scripts/verify/jackpot.ts';

const SEED = 'aa'.repeat(32);
const entries = [
  { orderId: 11, stake: 20000, player: 'ab***c' },
  { orderId: 15, stake: 50000, player: 'de***f' },
  { orderId: 40, stake: 20000, player: 'gh***i' },
];

describe('the jackpot draw', () => {
  it('commits to the seed and the round, and hashes the list canonically', async () => {
    expect(await jackpotCommitment(SEED, 7)).toMatch(/^[0-9a-f]{64}$/);
    expect(await jackpotCommitment(SEED, 7)).not.toBe(await jackpotCommitment(SEED, 8));
    expect(entryListText(entries)).toBe('11:20000\n15:50000\n40:20000');
    expect(() => entryListText([entries[1]!, entries[0]!])).toThrow(/从小到大/);
    expect(await entryListHash(entries)).not.toBe(await entryListHash(entries.slice(0, 2)));
  });

  it('picks the same winner every time, within the list, and nobody from an empty list', async () => {
    const a = await drawJackpotWinner(SEED, 7, entries);
    expect(a).toEqual(await drawJackpotWinner(SEED, 7, entries));
    expect(a.index).toBeGreaterThanOrEqual(0);
    expect(a.index).toBeLessThan(3);
    expect((await drawJackpotWinner(SEED, 7, [])).index).toBeNull();
    expect((await drawJackpotWinner(SEED, 7, [entries[0]!])).index).toBe(0);
  });

  it('is uniform over the entries (no modulo bias)', async () => {
    const counts = [0, 0, 0];
    for (let round = 1; round <= 600; round++) counts[(await drawJackpotWinner(SEED, round, entries)).index!]!++;
    for (const count of counts) expect(count).toBeGreaterThan(140);
  });

  it('verifies what was published and catches a changed list or winner', async () => {
    const draw = await drawJackpotWinner(SEED, 7, entries);
    const published = { roundId: 7, seed: SEED, entries, commitment: await jackpotCommitment(SEED, 7), listHash: draw.listHash, winnerOrderId: entries[draw.index!]!.orderId };
    expect((await verifyJackpotDraw(published)).ok).toBe(true);
    expect((await verifyJackpotDraw({ ...published, entries: entries.slice(0, 2) })).ok).toBe(false);
    const other = entries.find((e) => e.orderId !== published.winnerOrderId)!.orderId;
    expect((await verifyJackpotDraw({ ...published, winnerOrderId: other })).ok).toBe(false);
    expect((await verifyJackpotDraw({ ...published, commitment: 'bb'.repeat(32) })).ok).toBe(false);
  });
});

describe('scripts/verify-draw.ts jackpot', () => {
  it('exits 0 on a published round (file or arguments), 1 on a mismatch or bad input', async () => {
    const draw = await drawJackpotWinner(SEED, 7, entries);
    const commitment = await jackpotCommitment(SEED, 7);
    const winner = entries[draw.index!]!.orderId;
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    const args = ['--round', '7', '--seed', SEED, '--entries', '11:20000,15:50000,40:20000', '--commitment', commitment, '--list-hash', draw.listHash];
    expect(await main([...args, '--winner-order', String(winner)], print)).toBe(0);
    expect(lines.join('\n')).toContain('结论：全部一致');
    expect(await main([...args, '--winner-order', String(winner === 11 ? 15 : 11)], print)).toBe(1);

    const dir = await mkdtemp(join(tmpdir(), 'jackpot-verify-'));
    const file = join(dir, 'round.json');
    const round = {
      id: 7, kind: 'LUCKY', status: 'DRAWN', windowStart: '2026-01-01T00:00:00.000Z', windowEnd: '2026-01-01T00:10:00.000Z', commitment, seed: SEED,
      listHash: draw.listHash, entryCount: 3, winner: 'ab***c', winnerOrderId: winner, prize: 100, closeReason: null, drawnAt: '2026-01-01T00:10:30.000Z',
      minStake: 20000, entries, winnerIndex: draw.index,
    };
    await writeFile(file, JSON.stringify(round));
    expect(await main(['--file', file], print)).toBe(0);
    await writeFile(file, JSON.stringify({ ...round, seed: 'cc'.repeat(32) }));
    expect(await main(['--file', file], print)).toBe(1);

    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['--round', 'x', '--seed', SEED, '--entries', ''], print)).toBe(1);
      expect(await main(['--round', '7', '--seed', 'zz', '--entries', '1:2', '--commitment', commitment], print)).toBe(1);
      expect(await main(['--bogus'], print)).toBe(1);
    } finally {
      stderr.mockRestore();
    }
  });
});
