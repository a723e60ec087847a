// Hex ↔ bytes, strict: seeds, commitments and beacons are written as lowercase hex everywhere.
import { DrawInputError } from '../draw-input-error.ts';

export type Bytes = Uint8Array<ArrayBuffer>;

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Parses hex (either case, no prefix); `what` names the value in the Chinese error message. */
export function hexToBytes(hex: string, what: string): Bytes {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) {
    throw new DrawInputError('INVALID_HEX', `${what}必须是十六进制字符串（偶数个 0-9、a-f 字符）`);
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** A 32-byte seed given as 64 hex characters. */
export function seedBytes(hex: string, what: string): Bytes {
  const bytes = hexToBytes(hex, what);
  if (bytes.length !== 32) throw new DrawInputError('INVALID_SEED', `${what}必须是 32 字节（64 个十六进制字符）`);
  return bytes;
}

/** Lowercase form, after checking that `hex` is hex at all. */
export function normalizeHex(hex: string, what: string): string {
  return bytesToHex(hexToBytes(hex, what));
}
