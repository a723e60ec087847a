// Which board model serves a draw type: dice products (JSTB, F1TB, UU3TB) have their own board even
// though their draw is 快3-shaped; every other board follows the lottery category.
import type { DrawTypeInfo } from '../../catalogue/draw-types.ts';
import { LotteryError } from '../errors.ts';
import { diceBoard } from './dice.ts';
import { elevenFiveBoard } from './eleven-five.ts';
import { kenoBoard } from './keno.ts';
import { mark6Board } from './mark6.ts';
import { pc28Board } from './pc28.ts';
import { pk10Board } from './pk10.ts';
import { sscBoard } from './ssc.ts';
import type { BoardCategory, BoardModel } from './types.ts';

const MODELS: Readonly<Record<BoardCategory, BoardModel<unknown>>> = {
  SSC: sscBoard as BoardModel<unknown>,
  TAKE_5_OF_11: elevenFiveBoard as BoardModel<unknown>,
  PK10: pk10Board as BoardModel<unknown>,
  PC_EGG: pc28Board as BoardModel<unknown>,
  MARK6: mark6Board as BoardModel<unknown>,
  KENO: kenoBoard as BoardModel<unknown>,
  DICE: diceBoard as BoardModel<unknown>,
};

export function boardCategoryOf(drawType: DrawTypeInfo): BoardCategory | undefined {
  if (drawType.product === 'DICE') return 'DICE';
  const category = drawType.category;
  return category in MODELS ? (category as BoardCategory) : undefined;
}

export function boardModelFor(drawType: DrawTypeInfo): BoardModel<unknown> {
  const category = boardCategoryOf(drawType);
  if (!category) throw new LotteryError('BOARD_NOT_AVAILABLE', `${drawType.name}不提供信用玩法`);
  return MODELS[category];
}
