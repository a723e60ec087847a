// An independent, synchronous re-implementation of the derivation exactly as docs/fairness.md writes
// it, on Node's own crypto. The tests compare it with the shipped (WebCrypto) code, so the document,
// the code and the known-answer vectors cannot drift apart unnoticed.
import { createHmac } from 'node:crypto';

export interface ReferenceZone {
  count: number;
  min: number;
  max: number;
  distinct: boolean;
}

export function referenceDraw(seedHex: string, messagePrefix: string, zones: readonly ReferenceZone[]): number[] {
  const key = Buffer.from(seedHex, 'hex');
  let stream = Buffer.alloc(0);
  let cursor = 0;
  const nextByte = (): number => {
    if (cursor === stream.length) {
      const counter = stream.length / 32;
      stream = Buffer.concat([stream, createHmac('sha256', key).update(`${messagePrefix}${counter}`, 'utf8').digest()]);
    }
    return stream[cursor++] as number;
  };
  const uniform = (n: number): number => {
    if (n === 1) return 0;
    const limit = 256 - (256 % n);
    for (;;) {
      const byte = nextByte();
      if (byte < limit) return byte % n;
    }
  };
  const result: number[] = [];
  for (const zone of zones) {
    if (!zone.distinct) {
      for (let i = 0; i < zone.count; i++) result.push(zone.min + uniform(zone.max - zone.min + 1));
      continue;
    }
    const pool = Array.from({ length: zone.max - zone.min + 1 }, (_, i) => zone.min + i);
    for (let i = 0; i < zone.count; i++) {
      const j = i + uniform(pool.length - i);
      [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
    }
    result.push(...pool.slice(0, zone.count));
  }
  return result;
}
