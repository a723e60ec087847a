// 六合彩 board rules from the reference (§2.7) and gb-rcenter lhc.ftl: 特码 = 7th number, 49 和 on two-
// sided bets, 连码, 生肖 (01 = the year's animal, then backwards), 尾数, 波色, 不中, 总和 ≥ 175 大.
import type { Oracle } from '../support/harness.ts';

export const ANIMALS = ['RAT', 'OX', 'TIGER', 'RABBIT', 'DRAGON', 'SNAKE', 'HORSE', 'GOAT', 'MONKEY', 'ROOSTER', 'DOG', 'PIG'];
const DOMESTIC = ['OX', 'HORSE', 'GOAT', 'ROOSTER', 'DOG', 'PIG'];
const RED = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
const BLUE = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];
export const colourOf = (n: number): string => (RED.includes(n) ? 'RED' : BLUE.includes(n) ? 'BLUE' : 'GREEN');

export function referenceZodiac(yearAnimal: string): (n: number) => string {
  const first = ANIMALS.indexOf(yearAnimal);
  return (n) => ANIMALS[(((first - (n - 1)) % 12) + 12) % 12] as string;
}

const win = (condition: boolean, key: string): string => (condition ? key : 'LOSE');

function attributeHit(item: string, n: number, zodiacOf: (n: number) => string): boolean {
  const tens = Math.floor(n / 10);
  const units = n % 10;
  const table: Record<string, boolean> = {
    BIG: n >= 25,
    SMALL: n <= 24,
    ODD: n % 2 === 1,
    EVEN: n % 2 === 0,
    SUM_BIG: tens + units >= 7,
    SUM_SMALL: tens + units <= 6,
    SUM_ODD: (tens + units) % 2 === 1,
    SUM_EVEN: (tens + units) % 2 === 0,
    TAIL_BIG: units >= 5,
    TAIL_SMALL: units <= 4,
    BIG_ODD: n >= 25 && n % 2 === 1,
    BIG_EVEN: n >= 25 && n % 2 === 0,
    SMALL_ODD: n <= 24 && n % 2 === 1,
    SMALL_EVEN: n <= 24 && n % 2 === 0,
    DOMESTIC: DOMESTIC.includes(zodiacOf(n)),
    WILD: !DOMESTIC.includes(zodiacOf(n)),
  };
  const hit = table[item];
  if (hit === undefined) throw new Error(`unknown attribute ${item}`);
  return hit;
}

export function mark6Oracle(yearAnimal: string): Oracle {
  const zodiacOf = referenceZodiac(yearAnimal);
  return (betTypeId, rules) => {
    const tie = rules.mark6FortyNine === 'PUSH' ? 'PUSH' : 'LOSE';
    const mainOf = (draw: readonly number[]) => draw.slice(0, 6);
    const specialOf = (draw: readonly number[]) => draw[6] as number;
    const zodiacDrawn = (zodiac: string, draw: readonly number[]) => draw.some((n) => zodiacOf(n) === zodiac);
    const tailDrawn = (tail: number, draw: readonly number[]) => draw.some((n) => n % 10 === tail);
    let m: RegExpMatchArray | null;

    if (betTypeId === 'SPECIAL') return (item) => (draw) => win(specialOf(draw) === Number(item), 'NUMBER');
    if (betTypeId === 'SPECIAL_TWO_SIDES') {
      return (item) => (draw) => (specialOf(draw) === 49 ? tie : win(attributeHit(item as string, specialOf(draw), zodiacOf), item as string));
    }
    if (betTypeId === 'MAIN_ANY') return (item) => (draw) => win(mainOf(draw).includes(Number(item)), 'NUMBER');
    if ((m = betTypeId.match(/^MAIN_SPECIFIC_(\d)$/))) {
      const p = Number(m[1]) - 1;
      return (item) => (draw) => win(draw[p] === Number(item), 'NUMBER');
    }
    if ((m = betTypeId.match(/^MAIN_TWO_SIDES_(\d)$/))) {
      const p = Number(m[1]) - 1;
      return (item) => (draw) => {
        const n = draw[p] as number;
        if (['RED', 'BLUE', 'GREEN'].includes(item as string)) return win(colourOf(n) === item, item as string);
        return n === 49 ? tie : win(attributeHit(item as string, n, zodiacOf), item as string);
      };
    }
    if (betTypeId.startsWith('LINK_')) {
      return (picks) => (draw) => {
        const chosen = picks as number[];
        const inMain = chosen.filter((n) => mainOf(draw).includes(n)).length;
        const hasSpecial = chosen.includes(specialOf(draw));
        switch (betTypeId) {
          case 'LINK_3_ALL':
            return win(inMain === 3, 'HIT');
          case 'LINK_3_2':
            return inMain === 3 ? 'HIT_3' : inMain === 2 ? 'HIT_2' : 'LOSE';
          case 'LINK_2_ALL':
            return win(inMain === 2, 'HIT');
          case 'LINK_2_SPECIAL':
            return inMain === 2 ? 'HIT_2' : inMain === 1 && hasSpecial ? 'HIT_SPECIAL' : 'LOSE';
          case 'LINK_SPECIAL':
            return win(inMain === 1 && hasSpecial, 'HIT');
          case 'LINK_4_ALL':
            return win(inMain === 4, 'HIT');
          default:
            throw new Error(`no 连码 reference rule for ${betTypeId}`);
        }
      };
    }
    const benmingKey = (zodiac: string) => (zodiac === yearAnimal ? 'BENMING' : 'OTHER');
    if (betTypeId === 'ZODIAC_SPECIAL') return (item) => (draw) => win(zodiacOf(specialOf(draw)) === item, benmingKey(item as string));
    if (betTypeId === 'ZODIAC_ANY') return (item) => (draw) => win(zodiacDrawn(item as string, draw), benmingKey(item as string));
    if (betTypeId === 'ZODIAC_SET') {
      return (picks) => (draw) =>
        specialOf(draw) === 49 ? tie : win((picks as string[]).includes(zodiacOf(specialOf(draw))), `K${picks.length}`);
    }
    if ((m = betTypeId.match(/^ZODIAC_LINK(_MISS)?_\d$/))) {
      const miss = m[1] !== undefined;
      return (picks) => (draw) => {
        const zodiacs = picks as string[];
        const key = zodiacs.includes(yearAnimal) ? 'BENMING' : 'OTHER';
        return win(miss ? zodiacs.every((z) => !zodiacDrawn(z, draw)) : zodiacs.every((z) => zodiacDrawn(z, draw)), key);
      };
    }
    const tailKey = (tail: number) => (tail === 0 ? 'TAIL0' : 'OTHER');
    if (betTypeId === 'TAIL_SPECIAL') return (item) => (draw) => win(specialOf(draw) % 10 === Number(item), tailKey(Number(item)));
    if (betTypeId === 'TAIL_ANY') return (item) => (draw) => win(tailDrawn(Number(item), draw), tailKey(Number(item)));
    if ((m = betTypeId.match(/^TAIL_LINK(_MISS)?_\d$/))) {
      const miss = m[1] !== undefined;
      return (picks) => (draw) => {
        const tails = picks as number[];
        const key = tails.includes(0) ? 'WITH_ZERO' : 'OTHER';
        return win(miss ? tails.every((t) => !tailDrawn(t, draw)) : tails.every((t) => tailDrawn(t, draw)), key);
      };
    }
    if (betTypeId === 'COLOR') return (item) => (draw) => win(colourOf(specialOf(draw)) === item, item as string);
    if (betTypeId === 'HALF_COLOR') {
      return (item) => (draw) => {
        const n = specialOf(draw);
        if (n === 49) return tie;
        // RED_BIG, GREEN_SUM_ODD (合单) …: the colour, then the attribute.
        const [colour, ...rest] = (item as string).split('_') as [string, ...string[]];
        const attribute = rest.join('_');
        return win(colourOf(n) === colour && attributeHit(attribute, n, zodiacOf), item as string);
      };
    }
    if (betTypeId.startsWith('NOT_IN_')) return (picks) => (draw) => win((picks as number[]).every((n) => !draw.includes(n)), 'HIT');
    if (betTypeId === 'TOTAL') {
      return (item) => (draw) => {
        const sum = draw.reduce((a, b) => a + b, 0);
        const hit = { BIG: sum >= 175, SMALL: sum <= 174, ODD: sum % 2 === 1, EVEN: sum % 2 === 0 }[item as string];
        return win(hit === true, item as string);
      };
    }
    throw new Error(`no 六合彩 reference rule for ${betTypeId}`);
  };
}
