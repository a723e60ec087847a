// Uniform integers from a byte stream by rejection sampling. A byte is uniform on 0–255; taking it
// modulo n favours the first 256 mod n values (for n = 80: 4/256 against 3/256), so bytes at or above
// the largest multiple of n are thrown away and the next byte is read instead.
import type { ByteSource } from './byte-stream.ts';
import type { StepRecorder } from './draw-steps.ts';

/** A uniform integer in [0, range). */
export type UniformSampler = (range: number) => Promise<number>;

/** Every range in the result formats is at most 80, so one byte per sample is enough. */
export const MAX_SAMPLER_RANGE = 256;

export function rejectionSampler(bytes: ByteSource, record: StepRecorder): UniformSampler {
  return async (range) => {
    if (!Number.isInteger(range) || range < 1 || range > MAX_SAMPLER_RANGE) {
      throw new RangeError(`range must be an integer in 1..${MAX_SAMPLER_RANGE}`);
    }
    // One choice needs no randomness (the last car of a PK10 shuffle): no byte is read.
    if (range === 1) return 0;
    const limit = MAX_SAMPLER_RANGE - (MAX_SAMPLER_RANGE % range);
    for (;;) {
      const { byte, index } = await bytes.nextByte();
      const accepted = byte < limit;
      const value = byte % range;
      record(
        accepted
          ? { kind: 'sample', byteIndex: index, byte, range, limit, accepted, value }
          : { kind: 'sample', byteIndex: index, byte, range, limit, accepted },
      );
      if (accepted) return value;
    }
  };
}
