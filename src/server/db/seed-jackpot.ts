// Demo data for the jackpot (issue 22): nothing to seed. The settings row comes with its migration,
// the running server commits rounds ahead by itself, and the pool fills from the demo players' settled
// bets (a pool funded any other way would not reconcile with its contributions).
import type pg from 'pg';

export async function seedDemoJackpot(_pool: pg.Pool): Promise<void> {}
