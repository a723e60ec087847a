// The required stake (打码量) as the player reads it: GET is a pure read, the refresh saves the count
// (src/server/wallet/required-stake.ts, under the row's lock, so bets are counted once however many
// refreshes run at once).
import type pg from 'pg';
import type { RequiredStake } from '../../../shared/api/wallet.ts';
import { withTransaction } from '../../db/pool.ts';
import { readRequiredStake as readState, refreshRequiredStake, type RequiredStakeState } from '../required-stake.ts';

const toView = (state: RequiredStakeState): RequiredStake => ({
  remaining: state.remaining,
  counted: state.counted,
  countedUntil: state.countedUntil.getTime(),
});

export async function readRequiredStake(db: pg.Pool, customerId: number, now = new Date()): Promise<RequiredStake> {
  return toView(await readState(db, customerId, now));
}

export async function saveRequiredStakeCount(db: pg.Pool, customerId: number): Promise<RequiredStake> {
  return toView(await withTransaction(db, (client) => refreshRequiredStake(client, customerId)));
}
