// 单式 text entry: the usual separators, invalid and duplicate tickets reported separately,
// duplicates recognised by the ticket (直选) or its sorted form (组选, 任选, 双色球/大乐透).
import { describe, expect, it } from 'vitest';
import { count, parseTickets } from '../../../../src/shared/lottery/index.ts';

describe('parseTickets', () => {
  it('digit games: spaces, commas, semicolons, 、, | and new lines; full-width digits', () => {
    const parsed = parseTickets('CQSSC', 'ZX5_S', '12345 23456,34567;45678\n56789|67890、01234，11111；２２２２２');
    expect(parsed.entries.map((e) => e.join(''))).toEqual(['12345', '23456', '34567', '45678', '56789', '67890', '01234', '11111', '22222']);
    expect(parsed.invalid).toEqual([]);
    expect(parsed.duplicates).toEqual([]);
    expect(count('CQSSC', 'ZX5_S', { entries: parsed.entries })).toBe(9);
  });

  it('reports invalid and duplicate tickets separately, as typed', () => {
    const parsed = parseTickets('CQSSC', 'ZX5_S', '12345 1234 123456 12a45 12345 54321');
    expect(parsed.entries).toEqual([
      [1, 2, 3, 4, 5],
      [5, 4, 3, 2, 1],
    ]);
    expect(parsed.invalid).toEqual(['1234', '123456', '12a45']);
    expect(parsed.duplicates).toEqual(['12345']);
  });

  it('gives every invalid ticket a Chinese message saying why', () => {
    const hint = '每注5个数字（0-9），如 13579';
    expect(parseTickets('CQSSC', 'ZX5_S', '1234 123456 12a45').problems).toEqual([
      { text: '1234', message: `号码「1234」应为5个号码，实为4个：${hint}` },
      { text: '123456', message: `号码「123456」应为5个号码，实为6个：${hint}` },
      { text: '12a45', message: `号码「12a45」含有数字以外的字符：${hint}` },
    ]);
    expect(parseTickets('CQSSC', 'QZU3_S', '123').problems[0]?.message).toBe('号码「123」不符合本玩法的号码要求：每注3个数字，其中恰有2个相同，如 588');
    const balls = parseTickets('GD11X5', 'LTRX3_S', '01 01 02\n01 02 12\n01 0x 03');
    expect(balls.problems.map((p) => p.message)).toEqual([
      '号码「01 01 02」同一注内号码重复：每注3个不同号码（01-11），号码之间用空格分隔，如 01 02 03',
      '号码「01 02 12」号码12超出范围（01-11）：每注3个不同号码（01-11），号码之间用空格分隔，如 01 02 03',
      '号码「01 0x 03」含有无法识别的字符：每注3个不同号码（01-11），号码之间用空格分隔，如 01 02 03',
    ]);
    expect(parseTickets('SSQ', 'SSQDS', '01 02 03 04 05 06 17').problems[0]?.message).toMatch(/^号码「01 02 03 04 05 06 17」号码17超出范围（01-16）：/);
    expect(parseTickets('CQSSC', 'ZX5_S', '12345').problems).toEqual([]);
  });

  it('组选单式 de-duplicates by the sorted ticket and checks the form', () => {
    const three = parseTickets('CQSSC', 'QZU3_S', '001 010 100 123 112 000');
    expect(three.entries).toEqual([
      [0, 0, 1],
      [1, 1, 2],
    ]);
    expect(three.duplicates).toEqual(['010', '100']);
    expect(three.invalid).toEqual(['123', '000']);
    const six = parseTickets('CQSSC', 'HZU6_S', '123 321 112');
    expect(six).toMatchObject({ entries: [[1, 2, 3]], invalid: ['112'], duplicates: ['321'] });
    const mixed = parseTickets('CQSSC', 'QHHZX', '000 001 123 213');
    expect(mixed).toMatchObject({ entries: [[0, 0, 1], [1, 2, 3]], invalid: ['000'], duplicates: ['213'] });
    expect(parseTickets('CQSSC', 'HZU2_S', '58 85 55')).toMatchObject({ entries: [[5, 8]], invalid: ['55'], duplicates: ['85'] });
  });

  it('直选单式 keeps order: 58 and 85 are different tickets', () => {
    expect(parseTickets('CQSSC', 'HZX2_S', '58 85').entries).toEqual([
      [5, 8],
      [8, 5],
    ]);
    expect(parseTickets('GD11X5', 'LTQ2ZX2_S', '01 02,02 01').entries).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('number games: spaces between numbers, tickets split by , ; | or new lines; 010203 as pairs', () => {
    const parsed = parseTickets('GD11X5', 'LTRX3_S', '01 02 03,03 02 01;04 05 06\n01 01 02|12 01 02|010203，7 8 9');
    expect(parsed.entries).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    expect(parsed.duplicates).toEqual(['03 02 01', '010203']);
    expect(parsed.invalid).toEqual(['01 01 02', '12 01 02']);
    expect(parseTickets('BJPK10', 'PKQZX3_S', '01 02 03\n03 02 01\n01 02 11').entries).toEqual([
      [1, 2, 3],
      [3, 2, 1],
    ]);
    expect(parseTickets('FCKL8', 'RX5_S', '80 01 40 41 02').entries).toEqual([[1, 2, 40, 41, 80]]);
  });

  it('双色球/大乐透: zones separated by + | - or spaces, tickets by new lines or semicolons', () => {
    const ssq = parseTickets('SSQ', 'SSQDS', '01 02 03 04 05 06+07\n06 05 04 03 02 01|07;01 02 03 04 05 06 17\n01 02 03 04 05 33-16\n01 01 02 03 04 05+06');
    expect(ssq.entries).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [1, 2, 3, 4, 5, 33, 16],
    ]);
    expect(ssq.duplicates).toEqual(['06 05 04 03 02 01|07']);
    expect(ssq.invalid).toEqual(['01 02 03 04 05 06 17', '01 01 02 03 04 05+06']);
    const dlt = parseTickets('DLT', 'DLTDS', '35 01 02 03 04+12 06\n01 02 03 04 05+06 06');
    expect(dlt).toMatchObject({ entries: [[1, 2, 3, 4, 35, 6, 12]], invalid: ['01 02 03 04 05+06 06'], duplicates: [] });
  });

  it('任选单式 of 时时彩 reads k digits per ticket; positions come with the selection', () => {
    const parsed = parseTickets('CQSSC', 'RZX2_S', '58 85 5');
    expect(parsed.entries).toEqual([
      [5, 8],
      [8, 5],
    ]);
    expect(count('CQSSC', 'RZX2_S', { entries: parsed.entries, positions: [0, 2, 4] })).toBe(3 * 2);
  });

  it('empty text gives no tickets', () => {
    expect(parseTickets('CQSSC', 'ZX5_S', '  \n ')).toEqual({ entries: [], invalid: [], duplicates: [], problems: [] });
  });
});
