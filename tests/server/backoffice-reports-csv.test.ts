// CSV for spreadsheets: BOM, CRLF, RFC 4180 quoting, formula injection neutralised in text cells,
// numbers (negative amounts included) left as numbers; and the report columns' money and percent.
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../src/server/backoffice/reports/csv.ts';
import { DAILY_COLUMNS, RECONCILIATION_COLUMNS } from '../../src/server/backoffice/reports/report-csv.ts';

describe('csvField', () => {
  it('quotes fields holding a quote, comma or line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(null)).toBe('');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+1+1')).toBe(`'+1+1`);
    expect(csvField('-2+3')).toBe(`'-2+3`);
    expect(csvField('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvField('\t=1')).toBe(`'\t=1`);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes numbers as numbers, negative ones too', () => {
    expect(csvField(-123.45)).toBe('-123.45');
    expect(csvField(0)).toBe('0');
  });
});

describe('toCsv', () => {
  it('starts with a BOM and ends every line with CRLF', () => {
    const csv = toCsv([{ header: '名称', value: (r: { n: string }) => r.n }], [{ n: '甲' }, { n: '=1' }]);
    expect(csv).toBe('\uFEFF名称\r\n甲\r\n\'=1\r\n');
  });

  it('writes money in 元 exactly and ratios as percentages', () => {
    const row = {
      day: '2031-01-10',
      orders: 3,
      turnover: 1_234_567,
      pendingStake: 1,
      payouts: 2_000_000,
      rebates: 3,
      grossGamingRevenue: -765_436,
      actualRtp: 1.6200012,
      expectedPayouts: 1_203_703,
      theoreticalRtp: 0.975,
      activePlayers: 2,
      newPlayers: 1,
    };
    const [header, line] = toCsv(DAILY_COLUMNS, [row]).slice(1).split('\r\n');
    expect(header).toBe('日期,结算注单数,有效投注(元),未结算投注(元),派奖(元),返点(元),毛利(元),实际返奖率(%),理论派奖(元),理论返奖率(%),活跃玩家,新注册');
    expect(line).toBe('2031-01-10,3,123.4567,0.0001,200,0.0003,-76.5436,162.0001,120.3703,97.5,2,1');
  });

  it('neutralises an operator name in the reconciliation export', () => {
    const csv = toCsv(RECONCILIATION_COLUMNS, [
      {
        id: 1,
        startedAt: '2031-01-10T00:00:00.000Z',
        finishedAt: '2031-01-10T00:00:01.000Z',
        trigger: 'OPERATOR' as const,
        operatorUsername: '=cmd|calc',
        ok: false,
        totalOfEntries: -5,
        mismatchCount: 2,
        mismatches: { unbalancedTransfers: [7, 8], driftingAccounts: [], negativeAccounts: [], emptyTransfers: [] },
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`1,2031-01-10T00:00:00.000Z,2031-01-10T00:00:01.000Z,'=cmd|calc,不一致,-0.0005,2,7 8,,,`);
  });
});
