// Checks on browser preferences read back from storage (spec §3.4, §5 Other): a value that fails
// is dropped in favour of the default rather than shown to the user.
import { z } from 'zod';
import { lazySchema } from '../api/lazy-schema.ts';

export const BET_MULTIPLIER_LIMIT = 100_000;
export const BOARD_CHIP_SLOTS = 5;

const MULTIPLIER_MESSAGE = '倍数必须大于 0 且小于 100000';
const CHIPS_MESSAGE = '筹码必须为 5 个整数或空位';

// Built on first use, as the API's schemas are (api/lazy-schema.ts): a first visit has no stored
// preference to check, and building these two was most of the first route's shared module evaluation.

/** A stored bet multiplier: greater than 0 and below 100000. */
export const storedBetMultiplierSchema = lazySchema(() =>
  z.number({ error: MULTIPLIER_MESSAGE }).gt(0, { error: MULTIPLIER_MESSAGE }).lt(BET_MULTIPLIER_LIMIT, { error: MULTIPLIER_MESSAGE }),
);

/** Board-game chips: exactly 5 slots, each empty (null) or a safe integer. */
export const boardChipsSchema = lazySchema(() =>
  z.array(z.int({ error: CHIPS_MESSAGE }).nullable(), { error: CHIPS_MESSAGE }).length(BOARD_CHIP_SLOTS, { error: CHIPS_MESSAGE }),
);
