// Small constructors that keep the category modules declarative.
import type {
  BoardEnv,
  BoardItem,
  ItemBetType,
  OddsLevel,
  PickBetType,
  PickId,
  PickValue,
  RtpCase,
  Verdict,
  WeightedSpace,
} from './types.ts';

/** Items whose odds key is their own id: [id, name] pairs. */
export function ownOddsItems(pairs: readonly (readonly [string, string])[]): BoardItem[] {
  return pairs.map(([id, name]) => ({ id, name, oddsKey: id }));
}

/** Items named by their number ("0"…"9", "3"…"19"), each its own odds level. */
export function numberItems(from: number, to: number, name: (n: number) => string = String): BoardItem[] {
  const out: BoardItem[] = [];
  for (let n = from; n <= to; n++) out.push({ id: String(n), name: name(n), oddsKey: String(n) });
  return out;
}

/** Items that all share one odds level (特码 01–49 at one price). */
export function sharedOddsItems(ids: readonly (readonly [string, string])[], oddsKey: string): BoardItem[] {
  return ids.map(([id, name]) => ({ id, name, oddsKey }));
}

/** The odds levels of an item list: one per distinct key, named after its first item. */
function levelsOfItems(items: readonly BoardItem[]): OddsLevel[] {
  const seen = new Map<string, OddsLevel>();
  for (const item of items) if (!seen.has(item.oddsKey)) seen.set(item.oddsKey, { key: item.oddsKey, name: item.name });
  return [...seen.values()];
}

interface ItemBetSpec<Ctx> {
  id: string;
  name: string;
  group: string;
  items: readonly BoardItem[] | ((env: BoardEnv) => readonly BoardItem[]);
  /** Levels beyond the items' own keys (e.g. a reduced-odds level), or all levels when items share keys. */
  levels?: (env: BoardEnv) => readonly OddsLevel[];
  judge: (itemId: string, ctx: Ctx, env: BoardEnv) => Verdict;
  space: (itemId: string, env: BoardEnv) => WeightedSpace<Ctx>;
}

export function itemBetType<Ctx>(spec: ItemBetSpec<Ctx>): ItemBetType<Ctx> {
  const items = typeof spec.items === 'function' ? spec.items : () => spec.items as readonly BoardItem[];
  return {
    kind: 'ITEM',
    id: spec.id,
    name: spec.name,
    group: spec.group,
    items,
    levels: spec.levels ?? ((env) => levelsOfItems(items(env))),
    judge: spec.judge,
    space: spec.space,
  };
}

interface PickBetSpec<Ctx> {
  id: string;
  name: string;
  group: string;
  values: readonly PickValue[] | ((env: BoardEnv) => readonly PickValue[]);
  picks: { min: number; max: number };
  comboSize?: number;
  ordered?: boolean;
  repeats?: boolean;
  levels: readonly OddsLevel[] | ((env: BoardEnv) => readonly OddsLevel[]);
  judge: (combo: readonly PickId[], ctx: Ctx, env: BoardEnv) => Verdict;
  cases: readonly RtpCase[] | ((env: BoardEnv) => readonly RtpCase[]);
  space: (combo: readonly PickId[], env: BoardEnv) => WeightedSpace<Ctx>;
}

export function pickBetType<Ctx>(spec: PickBetSpec<Ctx>): PickBetType<Ctx> {
  const constant = <T>(value: T | ((env: BoardEnv) => T)) =>
    typeof value === 'function' ? (value as (env: BoardEnv) => T) : () => value;
  return {
    kind: 'PICK',
    id: spec.id,
    name: spec.name,
    group: spec.group,
    values: constant(spec.values),
    picks: spec.picks,
    comboSize: spec.comboSize,
    ordered: spec.ordered ?? false,
    repeats: spec.repeats ?? false,
    levels: constant(spec.levels),
    judge: spec.judge,
    cases: constant(spec.cases),
    space: spec.space,
  };
}

/** Pick values 0…9 style: numbers shown as they are, or two-digit padded for balls. */
export function numberValues(from: number, to: number, pad = false): PickValue[] {
  const out: PickValue[] = [];
  for (let n = from; n <= to; n++) out.push({ id: n, name: pad ? String(n).padStart(2, '0') : String(n) });
  return out;
}

/** Caches a space builder by key: spaces are immutable and shared by many items. */
export function memo<Ctx>(build: (key: string) => WeightedSpace<Ctx>): (key: string) => WeightedSpace<Ctx> {
  const cache = new Map<string, WeightedSpace<Ctx>>();
  return (key) => {
    let space = cache.get(key);
    if (!space) {
      space = build(key);
      cache.set(key, space);
    }
    return space;
  };
}
