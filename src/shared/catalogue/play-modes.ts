// Play modes per device kind (spec §9): which of REGULAR / BOARD a draw type offers on PC and on mobile.
import type { LotteryCategory, PlayMode } from '../enums.ts';
import type { DrawTypeInfo } from './draw-types.ts';

export type DeviceKind = 'PC' | 'MOBILE';

const BOTH: readonly PlayMode[] = ['REGULAR', 'BOARD'];
const REGULAR: readonly PlayMode[] = ['REGULAR'];
const BOARD: readonly PlayMode[] = ['BOARD'];
const NONE: readonly PlayMode[] = [];

const PC_MODES: Record<LotteryCategory, readonly PlayMode[]> = {
  SSC: BOTH,
  TAKE_5_OF_11: BOTH,
  PK10: BOTH,
  QUICK_3: REGULAR,
  THREE_D: REGULAR,
  PC_EGG: BOARD,
  MARK6: BOARD,
  KENO: BOTH,
  SSQ: REGULAR,
  DLT: REGULAR,
};

const MOBILE_MODES: Record<LotteryCategory, readonly PlayMode[]> = {
  SSC: REGULAR,
  TAKE_5_OF_11: REGULAR,
  PK10: REGULAR,
  QUICK_3: REGULAR,
  THREE_D: REGULAR,
  PC_EGG: NONE,
  MARK6: BOARD,
  KENO: BOTH,
  SSQ: REGULAR,
  DLT: REGULAR,
};

export function playModesFor(drawType: DrawTypeInfo, device: DeviceKind): readonly PlayMode[] {
  if (drawType.aShare) return NONE;
  if (drawType.product === 'DICE') return BOARD;
  if (drawType.chatGpt) return REGULAR;
  return (device === 'PC' ? PC_MODES : MOBILE_MODES)[drawType.category];
}

/** Every mode a draw type can be played in on some device: what the server accepts. */
export function allPlayModes(drawType: DrawTypeInfo): readonly PlayMode[] {
  const modes = new Set([...playModesFor(drawType, 'PC'), ...playModesFor(drawType, 'MOBILE')]);
  return BOTH.filter((m) => modes.has(m));
}
