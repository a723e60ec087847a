// Which methods each draw type offers in regular mode, looked up by draw-type code and method id.
import { findDrawType, type DrawTypeInfo } from '../../catalogue/draw-types.ts';
import { allPlayModes } from '../../catalogue/play-modes.ts';
import { LotteryError } from '../errors.ts';
import { dltMethods } from './categories/dlt.ts';
import { elevenFiveMethods } from './categories/eleven-five.ts';
import { kenoMethods } from './categories/keno.ts';
import { pk10Methods } from './categories/pk10.ts';
import { quick3Methods } from './categories/quick3.ts';
import { sscMethods } from './categories/ssc.ts';
import { ssqMethods } from './categories/ssq.ts';
import { fiveDigitMethods, threeDigitMethods } from './categories/three-d.ts';
import type { MethodSpec } from './method-spec.ts';

/** Method sets: the category's, except that 排列5 (five digits) differs from the three-digit 3D draws. */
const BUILDERS = {
  SSC: sscMethods,
  THREE_DIGIT: threeDigitMethods,
  FIVE_DIGIT: fiveDigitMethods,
  TAKE_5_OF_11: elevenFiveMethods,
  PK10: pk10Methods,
  QUICK_3: quick3Methods,
  KENO: kenoMethods,
  SSQ: ssqMethods,
  DLT: dltMethods,
} as const;
export type MethodSet = keyof typeof BUILDERS;

const built = new Map<MethodSet, { list: readonly MethodSpec[]; byId: ReadonlyMap<string, MethodSpec> }>();

function methodSet(set: MethodSet): { list: readonly MethodSpec[]; byId: ReadonlyMap<string, MethodSpec> } {
  let entry = built.get(set);
  if (!entry) {
    const list = BUILDERS[set]();
    entry = { list, byId: new Map(list.map((m) => [m.id, m])) };
    built.set(set, entry);
  }
  return entry;
}

export function resolveDrawType(code: string): DrawTypeInfo {
  const info = typeof code === 'string' ? findDrawType(code) : undefined;
  if (!info) throw new LotteryError('UNKNOWN_DRAW_TYPE', `未知的彩种：${String(code)}`);
  return info;
}

/** The method set a draw type plays in regular mode, or null when it has no regular mode. */
export function methodSetOf(info: DrawTypeInfo): MethodSet | null {
  if (!allPlayModes(info).includes('REGULAR')) return null;
  switch (info.category) {
    case 'THREE_D':
      return info.code === 'P5' ? 'FIVE_DIGIT' : 'THREE_DIGIT';
    case 'PC_EGG':
    case 'MARK6':
      return null;
    default:
      return info.category;
  }
}

export function methodsOf(code: string): readonly MethodSpec[] {
  const set = methodSetOf(resolveDrawType(code));
  return set ? methodSet(set).list : [];
}

export function methodSpec(code: string, methodId: string): MethodSpec {
  const info = resolveDrawType(code);
  const set = methodSetOf(info);
  if (!set) throw new LotteryError('UNKNOWN_METHOD', `${info.name}不提供官方玩法`);
  const spec = methodSet(set).byId.get(methodId);
  if (!spec) throw new LotteryError('UNKNOWN_METHOD', `${info.name}没有该玩法：${String(methodId)}`);
  return spec;
}
