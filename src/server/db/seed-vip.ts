// Demo data for the VIP programme and the weekly ranking (issue 22). The levels' thresholds and
// benefits and the ranking prizes come with migration 0039 (a real deployment starts with them too);
// demo_player's VIP 1 comes with the demo accounts. The ranking fills from real settled orders only:
// invented totals would be paid real prizes at the week's end.
import type pg from 'pg';

export async function seedDemoVip(_pool: pg.Pool): Promise<void> {}
