// The board catalogue a board UI renders: tabs, bet types with their items or pick rules, the current
// odds of every item and level, rebates and stake limits, and the rules in force.
import type { Money } from '../../money.ts';
import type { Board } from './engine.ts';
import { ZODIACS, type ZodiacId } from './mark6-zodiac.ts';
import { RULE_DEFINITIONS, ruleKeysOf, type BoardRuleKey } from './settings.ts';
import type { BoardCategory, Odds, OddsKey, PickId } from './types.ts';

export interface BoardOddsLevelView {
  readonly key: OddsKey;
  readonly name: string;
  readonly odds: Odds;
}

export interface BoardItemView {
  readonly id: string;
  readonly name: string;
  readonly oddsKey: OddsKey;
  readonly odds: Odds;
}

export interface BoardPickView {
  readonly values: readonly { readonly id: PickId; readonly name: string }[];
  readonly min: number;
  readonly max: number;
  /** Each combination of this size is a separate bet of the stake (连码, 连肖, 连尾, 不中). */
  readonly comboSize: number | undefined;
  readonly ordered: boolean;
  readonly repeats: boolean;
}

export interface BoardBetTypeView {
  readonly id: string;
  readonly name: string;
  readonly kind: 'ITEM' | 'PICK';
  /** 退水 in 1/10000 of the stake. */
  readonly rebate: number;
  readonly limits: { readonly min: Money; readonly max: Money };
  readonly levels: readonly BoardOddsLevelView[];
  readonly items?: readonly BoardItemView[];
  readonly pick?: BoardPickView;
}

export interface BoardGroupView {
  readonly name: string;
  readonly betTypes: readonly BoardBetTypeView[];
}

export interface BoardRuleView {
  readonly key: BoardRuleKey;
  readonly title: string;
  readonly value: string;
  readonly description: string;
}

export interface BoardCatalogue {
  readonly drawType: string;
  readonly name: string;
  readonly category: BoardCategory;
  readonly rules: readonly BoardRuleView[];
  /** 六合彩: the zodiac table of the draw date. */
  readonly zodiac?: {
    readonly lunarYear: number;
    readonly benming: ZodiacId;
    readonly numbers: readonly { readonly id: ZodiacId; readonly name: string; readonly numbers: readonly number[] }[];
  };
  readonly groups: readonly BoardGroupView[];
}

export function catalogueOf(board: Board): BoardCatalogue {
  const { env } = board;
  const groups: { name: string; betTypes: BoardBetTypeView[] }[] = [];
  for (const betType of board.model.betTypes) {
    const levels = betType.levels(env).map((level) => ({ ...level, odds: board.oddsOf(betType.id, level.key) }));
    const limits = board.limits[betType.id];
    if (!limits) throw new Error(`board limits missing: ${betType.id}`);
    const base = { id: betType.id, name: betType.name, kind: betType.kind, rebate: board.rebates[betType.id] ?? 0, limits, levels };
    const view: BoardBetTypeView =
      betType.kind === 'ITEM'
        ? { ...base, items: betType.items(env).map((item) => ({ ...item, odds: board.oddsOf(betType.id, item.oddsKey) })) }
        : {
            ...base,
            pick: {
              values: betType.values(env),
              min: betType.picks.min,
              max: betType.picks.max,
              comboSize: betType.comboSize,
              ordered: betType.ordered,
              repeats: betType.repeats,
            },
          };
    let group = groups.find((g) => g.name === betType.group);
    if (!group) groups.push((group = { name: betType.group, betTypes: [] }));
    group.betTypes.push(view);
  }
  const rules = ruleKeysOf(board.model.category).map((key) => {
    const definition = RULE_DEFINITIONS[key] as { title: string; values: Record<string, string> };
    const value = env.rules[key];
    return { key, title: definition.title, value, description: definition.values[value] ?? value };
  });
  const catalogue: BoardCatalogue = {
    drawType: board.drawType.code,
    name: board.drawType.name,
    category: board.model.category,
    rules,
    groups,
  };
  if (!env.zodiac) return catalogue;
  const zodiac = env.zodiac;
  return {
    ...catalogue,
    zodiac: {
      lunarYear: zodiac.lunarYear,
      benming: zodiac.benming,
      numbers: ZODIACS.map(({ id, name }) => ({ id, name, numbers: zodiac.numbersOf[id] })),
    },
  };
}
