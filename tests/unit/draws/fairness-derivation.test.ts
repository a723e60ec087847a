// The derivation: primitives, message layout, byte stream, rejection sampling, Fisher–Yates, result
// formats, and known-answer vectors that catch any change of the mapping.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DRAW_TYPES } from '../../../src/shared/catalogue/draw-types.ts';
import { isValidResult, resultFormatFor } from '../../../src/shared/lottery/result.ts';
import {
  DrawInputError,
  deriveInstantDraw,
  derivePeriodicDraw,
  describeStep,
  instantMessagePrefix,
  periodicMessagePrefix,
  resultZonesOf,
  type DrawStep,
} from '../../../src/shared/draws/index.ts';
import { hmacByteStream, type ByteSource } from '../../../src/shared/draws/fairness/byte-stream.ts';
import { drawNumbers } from '../../../src/shared/draws/fairness/draw-numbers.ts';
import { bytesToHex, hexToBytes } from '../../../src/shared/draws/fairness/hex.ts';
import { rejectionSampler } from '../../../src/shared/draws/fairness/uniform-sampler.ts';
import { hmacSha256, sha256, utf8 } from '../../../src/shared/draws/fairness/web-crypto.ts';
import { referenceDraw } from './support/reference-derivation.ts';

const SEED_A = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const SEED_B = 'aa'.repeat(32);
const BEACON = 'ff00'.repeat(16);

function scriptedBytes(bytes: number[]): ByteSource & { consumed: () => number } {
  let index = 0;
  return {
    async nextByte() {
      if (index >= bytes.length) throw new Error('script exhausted');
      return { byte: bytes[index] as number, index: index++ };
    },
    consumed: () => index,
  };
}

describe('WebCrypto primitives', () => {
  it('SHA-256 matches FIPS 180-2 ("abc")', async () => {
    expect(bytesToHex(await sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('HMAC-SHA256 matches RFC 4231 test case 2', async () => {
    expect(bytesToHex(await hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('hex parsing is strict', () => {
    expect(bytesToHex(hexToBytes('00FFa0', 'x'))).toBe('00ffa0');
    for (const bad of ['', 'abc', '0x00', 'zz']) expect(() => hexToBytes(bad, '种子')).toThrow(DrawInputError);
  });
});

describe('message layout and byte stream', () => {
  it('periodic: "drawType:issue:beacon:counter", beacon empty when none, lowercase hex', () => {
    expect(periodicMessagePrefix('UUFFC', '202611220001')).toBe('UUFFC:202611220001::');
    expect(periodicMessagePrefix('UUFFC', '202611220001', 'ABCD')).toBe('UUFFC:202611220001:abcd:');
    expect(instantMessagePrefix('my seed', 3)).toBe('my seed:3:');
  });

  it('blocks are HMAC-SHA256(seed bytes, prefix + counter), read in order', async () => {
    const steps: DrawStep[] = [];
    const stream = await hmacByteStream(hexToBytes(SEED_A, 'seed'), 'UUFFC:202611220001::', (s) => steps.push(s));
    const read: number[] = [];
    for (let i = 0; i < 70; i++) read.push((await stream.nextByte()).byte);
    const expected = Buffer.concat(
      [0, 1, 2].map((c) =>
        createHmac('sha256', Buffer.from(SEED_A, 'hex')).update(`UUFFC:202611220001::${c}`).digest(),
      ),
    );
    expect(Buffer.from(read).toString('hex')).toBe(expected.subarray(0, 70).toString('hex'));
    expect(steps.map((s) => s.kind === 'block' && s.message)).toEqual([
      'UUFFC:202611220001::0',
      'UUFFC:202611220001::1',
      'UUFFC:202611220001::2',
    ]);
  });
});

describe('rejection sampling', () => {
  it('rejects bytes at or above the largest multiple of the range and reads on', async () => {
    const steps: DrawStep[] = [];
    const bytes = scriptedBytes([250, 255, 249]);
    expect(await rejectionSampler(bytes, (s) => steps.push(s))(10)).toBe(9);
    expect(steps).toEqual([
      { kind: 'sample', byteIndex: 0, byte: 250, range: 10, limit: 250, accepted: false },
      { kind: 'sample', byteIndex: 1, byte: 255, range: 10, limit: 250, accepted: false },
      { kind: 'sample', byteIndex: 2, byte: 249, range: 10, limit: 250, accepted: true, value: 9 },
    ]);
    expect(steps.map(describeStep)).toEqual([
      '第 1 字节 0xfa = 250 ≥ 250，拒绝（避免取模偏差），改取下一字节',
      '第 2 字节 0xff = 255 ≥ 250，拒绝（避免取模偏差），改取下一字节',
      '第 3 字节 0xf9 = 249 < 250，接受：249 mod 10 = 9',
    ]);
  });

  it.each([
    [80, 240],
    [49, 245],
    [33, 231],
    [11, 253],
    [6, 252],
    [16, 256],
  ])('range %i accepts bytes below %i', async (range, limit) => {
    const below = scriptedBytes([limit - 1]);
    expect(await rejectionSampler(below, () => {})(range)).toBe((limit - 1) % range);
    if (limit < 256) {
      const at = scriptedBytes([limit, 0]);
      expect(await rejectionSampler(at, () => {})(range)).toBe(0);
      expect(at.consumed()).toBe(2);
    }
  });

  it('every value of a range is reachable with equal preimage counts (no modulo bias)', () => {
    for (let range = 2; range <= 80; range++) {
      const limit = 256 - (256 % range);
      const preimages = new Array<number>(range).fill(0);
      for (let byte = 0; byte < limit; byte++) preimages[byte % range]! += 1;
      expect(new Set(preimages).size).toBe(1);
    }
  });

  it('a range of one reads no byte', async () => {
    const bytes = scriptedBytes([]);
    expect(await rejectionSampler(bytes, () => {})(1)).toBe(0);
  });
});

describe('Fisher–Yates', () => {
  it('swaps each position with a uniform later one and records every swap', async () => {
    const steps: DrawStep[] = [];
    const samples = [4, 0, 2, 0, 0];
    const sampler = async () => samples.shift() as number;
    const zone = { name: '开奖号码', count: 5, min: 1, max: 5, distinct: true };
    expect(await drawNumbers([zone], sampler, (s) => steps.push(s))).toEqual([5, 2, 1, 4, 3]);
    const swaps = steps.filter((s) => s.kind === 'swap');
    expect(swaps.map((s) => [s.position, s.swapWith, s.picked, s.remaining])).toEqual([
      [0, 4, 5, 5],
      [1, 1, 2, 4],
      [2, 4, 1, 3],
      [3, 3, 4, 2],
      [4, 4, 3, 1],
    ]);
    expect(describeStep(swaps[0] as DrawStep)).toBe('洗牌第 1 步：剩余 5 个号码，交换第 1 与第 5 个位置，抽出 5');
  });
});

describe('results have the format of their draw type', () => {
  const ownDraws = DRAW_TYPES.filter((d) => d.source !== 'feed');

  it.each(ownDraws.map((d) => [d.code, d.source] as const))('%s (%s)', async (code, source) => {
    const format = resultFormatFor(DRAW_TYPES.find((d) => d.code === code)!.category, code);
    for (let i = 0; i < 40; i++) {
      const { result } =
        source === 'instant'
          ? await deriveInstantDraw({ drawType: code, serverSeed: SEED_A, clientSeed: 'c', nonce: i })
          : await derivePeriodicDraw({ drawType: code, issueNumber: `20261122${i}`, seed: SEED_A });
      expect(isValidResult(result, format), `${code} ${result.join(',')}`).toBe(true);
    }
  });
});

describe('the shipped derivation equals the documented algorithm (independent node:crypto version)', () => {
  const codes = DRAW_TYPES.filter((d) => d.source !== 'instant').map((d) => d.code);
  const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

  it('periodic draws, with and without beacon', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...codes),
        fc.stringMatching(/^\d{7,12}$/),
        hex32,
        fc.option(hex32, { nil: undefined }),
        async (drawType, issueNumber, seed, beacon) => {
          const { result } = await derivePeriodicDraw({ drawType, issueNumber, seed, beacon });
          const prefix = `${drawType}:${issueNumber}:${beacon ?? ''}:`;
          expect(result).toEqual(referenceDraw(seed, prefix, resultZonesOf(drawType)));
        },
      ),
      { numRuns: 300, seed: 4231 },
    );
  });

  it('instant draws', async () => {
    const instantCodes = DRAW_TYPES.filter((d) => d.source === 'instant').map((d) => d.code);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...instantCodes),
        hex32,
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !/\p{Cc}/u.test(s)),
        fc.nat(),
        async (drawType, serverSeed, clientSeed, nonce) => {
          const { result } = await deriveInstantDraw({ drawType, serverSeed, clientSeed, nonce });
          expect(result).toEqual(referenceDraw(serverSeed, `${clientSeed}:${nonce}:`, resultZonesOf(drawType)));
        },
      ),
      { numRuns: 200, seed: 180 },
    );
  });
});

describe('known-answer vectors (a change here changes every verifiable result: never edit silently)', () => {
  it.each([
    ['UUFFC', '202611220001', SEED_B, undefined, [9, 5, 6, 9, 8]],
    ['UUFFC', '202611220001', SEED_B, BEACON, [0, 5, 1, 9, 5]],
    ['UU11X5', '202611220001', SEED_A, undefined, [9, 11, 8, 2, 7]],
    ['UU3D', '20261122001', SEED_A, undefined, [5, 8, 2]],
    ['UUPK10', '202611220001', SEED_A, undefined, [4, 6, 10, 3, 5, 8, 2, 1, 7, 9]],
    ['UUK3', '202611220001', SEED_A, undefined, [1, 4, 2]],
    ['F1TB', '202611220001', SEED_A, undefined, [1, 6, 5]],
    ['UU28', '202611220001', SEED_A, undefined, [35, 36, 73, 19, 38, 62, 17, 50, 20, 37, 70, 51, 4, 30, 12, 41, 11, 55, 71, 3]],
    ['UUMARK6', '20261122001', SEED_A, undefined, [32, 21, 45, 42, 10, 9, 22]],
    ['UUFFKENO', '202611220001', SEED_A, undefined, [4, 75, 36, 60, 44, 26, 70, 38, 62, 31, 73, 13, 18, 50, 20, 6, 10, 66, 69, 28]],
    ['UUSSQ', '20261122001', SEED_A, BEACON, [22, 23, 33, 9, 4, 1, 8]],
    ['UUDLT', '20261122001', SEED_A, undefined, [2, 4, 27, 22, 23, 2, 3]],
    ['AMMARK6', '2026326', SEED_B, undefined, [41, 23, 15, 25, 49, 35, 10]],
  ] as const)('%s %s', async (drawType, issueNumber, seed, beacon, expected) => {
    expect((await derivePeriodicDraw({ drawType, issueNumber, seed, beacon })).result).toEqual(expected);
  });

  it('the first block of the UUFFC vector', async () => {
    const { steps } = await derivePeriodicDraw({ drawType: 'UUFFC', issueNumber: '202611220001', seed: SEED_B });
    expect(steps.find((s) => s.kind === 'block')).toEqual({
      kind: 'block',
      counter: 0,
      message: 'UUFFC:202611220001::0',
      hmacHex: '817db031621c2857c94da633008019c8ab8f92e88b87227c19f844841ed0d1ec',
    });
  });

  it.each([
    ['MKSSC', 'player-chosen', 0, [8, 6, 5, 0, 1]],
    ['MKSSC', 'player-chosen', 1, [2, 9, 7, 2, 0]],
    ['MKPK10', '幸运', 7, [2, 5, 7, 3, 9, 8, 6, 4, 1, 10]],
    ['MKKENO', 'abc', 42, [40, 1, 13, 23, 69, 11, 72, 59, 33, 76, 42, 21, 12, 37, 64, 16, 55, 49, 47, 5]],
    ['MK11X5', 'abc', 3, [11, 10, 6, 2, 3]],
    ['MKK3', 'abc', 0, [1, 5, 1]],
    ['MK3D', 'abc', 0, [8, 2, 8]],
    ['MKPC28', 'abc', 0, [69, 76, 21, 35, 60, 22, 24, 52, 58, 43, 40, 70, 45, 19, 48, 72, 17, 47, 13, 71]],
  ] as const)('instant %s client seed %s nonce %i', async (drawType, clientSeed, nonce, expected) => {
    expect((await deriveInstantDraw({ drawType, serverSeed: SEED_A, clientSeed, nonce })).result).toEqual(expected);
  });
});

describe('bad input is refused in Chinese', () => {
  it.each([
    [{ drawType: 'UUFFC', issueNumber: '1', seed: 'abcd' }, /32 字节/],
    [{ drawType: 'UUFFC', issueNumber: '1', seed: 'zz'.repeat(32) }, /十六进制/],
    [{ drawType: 'UUFFC', issueNumber: 'a:b', seed: SEED_A }, /期号格式/],
    [{ drawType: 'UUFFC', issueNumber: '1', seed: SEED_A, beacon: 'xyz' }, /信标/],
    [{ drawType: 'MKSSC', issueNumber: '1', seed: SEED_A }, /秒开彩种/],
    [{ drawType: 'NOPE', issueNumber: '1', seed: SEED_A }, /未知彩种/],
  ])('periodic %o', async (input, message) => {
    await expect(derivePeriodicDraw(input)).rejects.toThrow(message);
  });

  it.each([
    [{ drawType: 'UUFFC', serverSeed: SEED_A, clientSeed: 'c', nonce: 0 }, /不是秒开彩种/],
    [{ drawType: 'MKSSC', serverSeed: SEED_A, clientSeed: '', nonce: 0 }, /客户端种子长度/],
    [{ drawType: 'MKSSC', serverSeed: SEED_A, clientSeed: 'a\nb', nonce: 0 }, /控制字符/],
    [{ drawType: 'MKSSC', serverSeed: SEED_A, clientSeed: 'c', nonce: -1 }, /非负整数/],
  ])('instant %o', async (input, message) => {
    await expect(deriveInstantDraw(input)).rejects.toThrow(message);
  });
});
