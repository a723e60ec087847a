// The derived chart views (和值, 跨度, 形态, 大小单双, 龙虎): which categories have which, and every cell of
// random histories against values read straight off the numbers by the zone's label.
import { describe, expect, it } from 'vitest';
import { chartViews, computeTrendChart, type ChartViewKey } from '../../src/shared/charts/index.ts';

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FORMATS: Record<string, { length: number; min: number; max: number; distinct: boolean }> = {
  CQSSC: { length: 5, min: 0, max: 9, distinct: false },
  FC3D: { length: 3, min: 0, max: 9, distinct: false },
  P5: { length: 5, min: 0, max: 9, distinct: false },
  GD11X5: { length: 5, min: 1, max: 11, distinct: true },
  JSK3: { length: 3, min: 1, max: 6, distinct: false },
  BJPK10: { length: 10, min: 1, max: 10, distinct: true },
};

function history(drawType: string, count: number, seed: number) {
  const random = mulberry32(seed);
  const f = FORMATS[drawType]!;
  return Array.from({ length: count }, (_, i) => {
    const pool = Array.from({ length: f.max - f.min + 1 }, (_, k) => f.min + k);
    const result = Array.from({ length: f.length }, () =>
      f.distinct ? pool.splice(Math.floor(random() * pool.length), 1)[0]! : pool[Math.floor(random() * pool.length)]!,
    );
    return { issueNumber: String(1000 + count - i), result };
  });
}

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);
const DIGIT_NAMES = ['万', '千', '百', '十', '个'];
const PK10_NAMES = ['冠军', '亚军', '第三名', '第四名', '第五名'];
const THREES: Record<string, number[]> = { 前三: [0, 1, 2], 中三: [1, 2, 3], 后三: [2, 3, 4], '': [0, 1, 2] };

/** The column labels a zone (by its label) should show as drawn for result r. */
function oracle(drawType: string, view: ChartViewKey, label: string, r: readonly number[]): string[] {
  const f = FORMATS[drawType]!;
  const positions = (prefix: string) => (drawType === 'BJPK10' ? [0, 1] : f.min === 0 ? THREES[prefix]! : r.map((_, i) => i));
  // The first 大 number, by hand: digits 5–9, 11选5 06–11, PK10 6–10, 快3 sum 11–18.
  const BIG_FROM: Record<string, number> = { CQSSC: 5, FC3D: 5, P5: 5, GD11X5: 6, BJPK10: 6, JSK3: 11 };
  const big = (n: number) => (n >= BIG_FROM[drawType]! ? '大' : '小');
  const odd = (n: number) => (n % 2 === 1 ? '单' : '双');
  switch (view) {
    case 'sum':
      return [String(sum(positions(label.replace(/(冠亚)?和值$/, '')).map((i) => r[i]!)))];
    case 'span': {
      const ns = positions(label.replace(/跨度$/, '')).map((i) => r[i]!);
      return [String(Math.max(...ns) - Math.min(...ns))];
    }
    case 'form': {
      const ns = drawType === 'JSK3' ? [...r] : positions(label.replace(/形态$/, '')).map((i) => r[i]!);
      const distinct = new Set(ns).size;
      if (drawType === 'JSK3') return [['三同', '二同', '不同'][distinct - 1]!];
      return [distinct === 1 ? '豹子' : distinct === 2 ? '组三' : '组六'];
    }
    case 'bigSmall': {
      if (drawType === 'JSK3') return [big(sum(r)), odd(sum(r))];
      const names = drawType === 'BJPK10' ? [...PK10_NAMES, '第六名', '第七名', '第八名', '第九名', '第十名'] : drawType === 'GD11X5' ? ['第一位', '第二位', '第三位', '第四位', '第五位'] : f.length === 3 ? ['百位', '十位', '个位'] : DIGIT_NAMES.map((n) => `${n}位`);
      const n = r[names.indexOf(label)]!;
      return [big(n), odd(n)];
    }
    case 'dragonTiger': {
      const [a, b] = drawType === 'BJPK10' ? [PK10_NAMES.indexOf(label), 9 - PK10_NAMES.indexOf(label)] : [DIGIT_NAMES.indexOf(label[0]!), DIGIT_NAMES.indexOf(label[1]!)];
      return [r[a!]! > r[b!]! ? '龙' : r[a!]! < r[b!]! ? '虎' : '和'];
    }
    default:
      throw new Error(view);
  }
}

describe('chart views', () => {
  it('per category: the basic chart first, then what its players bet on', () => {
    const keys = (code: string) => chartViews(code).map((v) => v.label).join(' ');
    expect(keys('CQSSC')).toBe('基本走势 和值 跨度 形态 大小单双 龙虎');
    expect(keys('FC3D')).toBe('基本走势 和值 跨度 形态 大小单双');
    expect(keys('GD11X5')).toBe('基本走势 和值 跨度 大小单双');
    expect(keys('JSK3')).toBe('基本走势 和值 跨度 形态 大小单双');
    expect(keys('BJPK10')).toBe('基本走势 和值 大小单双 龙虎');
    expect(keys('FCKL8')).toBe('基本走势');
    expect(keys('SSQ')).toBe('基本走势');
  });

  for (const drawType of Object.keys(FORMATS)) {
    for (const { key } of chartViews(drawType).filter((v) => v.key !== 'basic')) {
      it(`${drawType} ${key}: every cell matches the value read off the numbers`, () => {
        const listed = history(drawType, 120, drawType.length * 31 + key.length);
        const chart = computeTrendChart(drawType, listed, key);
        expect(chart.draws).toHaveLength(120);
        expect(chart.zones.length).toBeGreaterThan(0);
        for (const zone of chart.zones) {
          for (let row = 0; row < chart.draws.length; row++) {
            const drawn = zone.zone.columns.filter((_, c) => zone.hits[row * zone.width + c]! > 0);
            expect(drawn.sort(), `${zone.zone.label} row ${row}`).toEqual(oracle(drawType, key, zone.zone.label, chart.draws[row]!.result).sort());
          }
        }
      });
    }
  }

  it('SSC 和值 has 前三/中三/后三 sums of 0–27, 龙虎 the ten pairs 万千 … 十个', () => {
    const sums = computeTrendChart('CQSSC', history('CQSSC', 5, 1), 'sum').zones;
    expect(sums.map((z) => `${z.zone.label}:${z.zone.columns[0]}-${z.zone.columns.at(-1)}`)).toEqual(['前三和值:0-27', '中三和值:0-27', '后三和值:0-27']);
    const pairs = computeTrendChart('CQSSC', history('CQSSC', 5, 1), 'dragonTiger').zones.map((z) => z.zone.label);
    expect(pairs).toEqual(['万千', '万百', '万十', '万个', '千百', '千十', '千个', '百十', '百个', '十个']);
    const pk = computeTrendChart('BJPK10', history('BJPK10', 5, 1), 'dragonTiger').zones;
    expect(pk.map((z) => `${z.zone.label}:${z.zone.columns.join('')}`)).toEqual(['冠军:龙虎', '亚军:龙虎', '第三名:龙虎', '第四名:龙虎', '第五名:龙虎']);
  });
});
