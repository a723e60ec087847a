// An unbounded byte stream from HMAC-SHA256 in counter mode: block c = HMAC(key, prefix + c), for
// c = 0, 1, 2 …, read byte by byte. Rejection sampling may need more than one 32-byte block.
import type { StepRecorder } from './draw-steps.ts';
import { bytesToHex, type Bytes } from './hex.ts';
import { hmacSha256Signer, utf8 } from './web-crypto.ts';

export interface ByteSource {
  /** The next byte and its 0-based index in the stream. */
  nextByte(): Promise<{ byte: number; index: number }>;
}

export async function hmacByteStream(key: Bytes, messagePrefix: string, record: StepRecorder): Promise<ByteSource> {
  const sign = await hmacSha256Signer(key);
  let block: Bytes = new Uint8Array(0);
  let counter = -1;
  let offset = 0;
  let index = 0;
  return {
    async nextByte() {
      if (offset >= block.length) {
        counter++;
        const message = `${messagePrefix}${counter}`;
        block = await sign(utf8(message));
        offset = 0;
        record({ kind: 'block', counter, message, hmacHex: bytesToHex(block) });
      }
      return { byte: block[offset++] as number, index: index++ };
    },
  };
}
