// One hash chain of seeds per platform draw type and sales day. The terminal seed is random and
// secret; issue i uses seed_i and its commitment is seed_{i-1} (the anchor for i = 1), so every
// commitment of the day is fixed, and public, before the day's first sale.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { buildHashChain, type HashChain } from '../../shared/draws/index.ts';

export interface DayChain extends HashChain {
  length: number;
}

const CACHE_LIMIT = 256;
const cache = new Map<string, Promise<DayChain>>();

async function loadOrCreate(pool: pg.Pool, drawType: string, salesDay: string, length: number): Promise<DayChain> {
  const candidate = randomBytes(32).toString('hex');
  const built = await buildHashChain(candidate, length);
  await pool.query(
    `INSERT INTO seed_chains (draw_type, sales_day, terminal_seed, anchor, length) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (draw_type, sales_day) DO NOTHING`,
    [drawType, salesDay, candidate, built.anchor, length],
  );
  // Another process may have won the insert: the stored chain is the one.
  const stored = await pool.query<{ terminal_seed: string; length: number }>(
    'SELECT terminal_seed, length FROM seed_chains WHERE draw_type = $1 AND sales_day = $2',
    [drawType, salesDay],
  );
  const row = stored.rows[0]!;
  const chain = row.terminal_seed === candidate ? built : await buildHashChain(row.terminal_seed, row.length);
  return { ...chain, length: row.length };
}

export function dayChain(pool: pg.Pool, drawType: string, salesDay: string, length: number): Promise<DayChain> {
  const key = `${drawType}:${salesDay}`;
  let chain = cache.get(key);
  if (!chain) {
    chain = loadOrCreate(pool, drawType, salesDay, length);
    chain.catch(() => cache.delete(key));
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, chain);
  }
  return chain;
}
