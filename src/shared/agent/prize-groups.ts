// Prize groups (奖金组) of accounts in the team tree (decisions §10, reference §0.2). A member's group is
// never above its parent's: the difference is the upline's level-difference commission.
import { z } from 'zod';

/** The platform's top group: what a primary agent holds by default. */
export const PRIZE_GROUP_MAX = 1960;
/** The lowest group an agent may give a link, a new account or a member. */
export const PRIZE_GROUP_MIN = 1700;
/** Groups move in steps of 2 points (0.1 % of stake). */
export const PRIZE_GROUP_STEP = 2;
/** A new player's group when nothing else decides it. */
export const DEFAULT_PLAYER_PRIZE_GROUP = 1950;

export const PRIZE_GROUP_MESSAGE = `奖金组须为${PRIZE_GROUP_MIN}至${PRIZE_GROUP_MAX}之间的偶数`;

export const prizeGroupSchema = z
  .number({ error: PRIZE_GROUP_MESSAGE })
  .int(PRIZE_GROUP_MESSAGE)
  .min(PRIZE_GROUP_MIN, PRIZE_GROUP_MESSAGE)
  .max(PRIZE_GROUP_MAX, PRIZE_GROUP_MESSAGE)
  .refine((group) => group % PRIZE_GROUP_STEP === 0, PRIZE_GROUP_MESSAGE);

/** The share of a stake an upline earns over its child on the path: (G_parent − G_child) / 2000. */
export function levelDifferenceRate(parentGroup: number, childGroup: number): number {
  return Math.max(0, parentGroup - childGroup) / 2000;
}
