// From uniform integers to a result of a draw type's format. Digits and dice are drawn with
// replacement; balls without replacement by a Fisher–Yates shuffle that stops once the zone has its
// numbers. Results keep draw order (result.ts): SSQ/DLT/keno screens sort the numbers for display,
// the stored result does not, because 11选5 直选 and the Mark Six special number depend on the order.
import { getDrawType } from '../../catalogue/draw-types.ts';
import type { LotteryCategory } from '../../enums.ts';
import { resultFormatFor, type ResultFormat } from '../../lottery/result.ts';
import type { StepRecorder } from './draw-steps.ts';
import type { UniformSampler } from './uniform-sampler.ts';

export interface ResultZone {
  name: string;
  count: number;
  min: number;
  max: number;
  distinct: boolean;
}

const ZONE_NAMES: Partial<Record<LotteryCategory, readonly [string, string]>> = {
  SSQ: ['红球', '蓝球'],
  DLT: ['前区', '后区'],
};
const SINGLE_ZONE_NAMES: Partial<Record<LotteryCategory, string>> = {
  MARK6: '开奖号码（前 6 个为正码，第 7 个为特码）',
};

/** The zones a draw type's result is drawn in, in order. */
export function resultZonesOf(drawType: string): ResultZone[] {
  const { category } = getDrawType(drawType);
  return zonesOf(resultFormatFor(category, drawType), category);
}

export function zonesOf(format: ResultFormat, category: LotteryCategory): ResultZone[] {
  const { length, min, max, distinct, secondZone } = format;
  if (!secondZone) return [{ name: SINGLE_ZONE_NAMES[category] ?? '开奖号码', count: length, min, max, distinct }];
  const [first, second] = ZONE_NAMES[category] ?? ['第一区', '第二区'];
  return [
    { name: first, count: secondZone.from, min, max, distinct },
    { name: second, count: length - secondZone.from, min: secondZone.min, max: secondZone.max, distinct },
  ];
}

export async function drawNumbers(
  zones: readonly ResultZone[],
  sample: UniformSampler,
  record: StepRecorder,
): Promise<number[]> {
  const result: number[] = [];
  for (const [zoneIndex, zone] of zones.entries()) {
    record({ kind: 'zone', zone: zoneIndex, ...zone });
    const drawn = zone.distinct
      ? await shuffleDraw(zone, zoneIndex, sample, record)
      : await drawWithReplacement(zone, zoneIndex, sample, record);
    result.push(...drawn);
  }
  return result;
}

async function drawWithReplacement(
  zone: ResultZone,
  zoneIndex: number,
  sample: UniformSampler,
  record: StepRecorder,
): Promise<number[]> {
  const drawn: number[] = [];
  for (let position = 0; position < zone.count; position++) {
    const offset = await sample(zone.max - zone.min + 1);
    const value = zone.min + offset;
    record({ kind: 'pick', zone: zoneIndex, position, offset, value });
    drawn.push(value);
  }
  return drawn;
}

/** Forward Fisher–Yates over min..max: step i swaps entry i with a uniform entry of i..end and draws it. */
async function shuffleDraw(
  zone: ResultZone,
  zoneIndex: number,
  sample: UniformSampler,
  record: StepRecorder,
): Promise<number[]> {
  const pool = Array.from({ length: zone.max - zone.min + 1 }, (_, i) => zone.min + i);
  for (let position = 0; position < zone.count; position++) {
    const remaining = pool.length - position;
    const swapWith = position + (await sample(remaining));
    const picked = pool[swapWith] as number;
    pool[swapWith] = pool[position] as number;
    pool[position] = picked;
    record({ kind: 'swap', zone: zoneIndex, position, swapWith, remaining, picked });
  }
  return pool.slice(0, zone.count);
}
