// Which draw types each game page serves: a URL for a draw type without that play mode is not found.
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { allPlayModes } from '../../../shared/catalogue/play-modes.ts';

export function servesRegular(code: string): boolean {
  const info = findDrawType(code);
  return info?.product === 'LOTTERY' && allPlayModes(info).includes('REGULAR');
}

export function servesBoard(code: string): boolean {
  const info = findDrawType(code);
  return info?.product === 'LOTTERY' && allPlayModes(info).includes('BOARD');
}

export function servesDice(code: string): boolean {
  return findDrawType(code)?.product === 'DICE';
}
