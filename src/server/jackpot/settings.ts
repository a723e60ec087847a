// The jackpot settings row (operators edit it in the back office). The contribution rate is also kept
// in memory for the settlement hook, which is synchronous: a change applies from the next settlement
// after the plugin's next refresh (at most REFRESH_MS later, at once in the process that saved it).
import type { Queryable } from '../db/pool.ts';
import type { JackpotSettings } from '../../shared/api/jackpot.ts';

interface SettingsRow {
  contribution_bp: number;
  lucky_interval_minutes: number;
  lucky_share_bp: number;
  lucky_cap: string;
  min_stake: string;
  super_threshold: string;
  super_share_bp: number;
}

export const DEFAULT_CONTRIBUTION_BP = 100;
let contributionBp = DEFAULT_CONTRIBUTION_BP;

/** The rate the settlement hook applies now, basis points of the stake. */
export function currentContributionBp(): number {
  return contributionBp;
}

export function rememberContributionBp(bp: number): void {
  contributionBp = bp;
}

export async function loadJackpotSettings(db: Queryable, lock = false): Promise<JackpotSettings> {
  const { rows } = await db.query<SettingsRow>(`SELECT * FROM jackpot_settings WHERE id = 1${lock ? ' FOR UPDATE' : ''}`);
  const row = rows[0]!;
  const settings: JackpotSettings = {
    contributionBp: row.contribution_bp,
    luckyIntervalMinutes: row.lucky_interval_minutes,
    luckyShareBp: row.lucky_share_bp,
    luckyCap: Number(row.lucky_cap),
    minStake: Number(row.min_stake),
    superThreshold: Number(row.super_threshold),
    superShareBp: row.super_share_bp,
  };
  rememberContributionBp(settings.contributionBp);
  return settings;
}

export async function saveJackpotSettings(db: Queryable, s: JackpotSettings): Promise<void> {
  await db.query(
    `UPDATE jackpot_settings SET contribution_bp = $1, lucky_interval_minutes = $2, lucky_share_bp = $3, lucky_cap = $4,
            min_stake = $5, super_threshold = $6, super_share_bp = $7, updated_at = now() WHERE id = 1`,
    [s.contributionBp, s.luckyIntervalMinutes, s.luckyShareBp, s.luckyCap, s.minStake, s.superThreshold, s.superShareBp],
  );
}
