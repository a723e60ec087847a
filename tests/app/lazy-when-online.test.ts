import { describe, expect, it } from 'vitest';
import { loadWhenOnline } from '../../src/app/lib/lazy/lazy-when-online.ts';

/** A loader that fails the first `failures` calls, then answers 'code'. */
function flaky(failures: number) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    if (calls.n <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return 'code';
  };
  return { load, calls };
}

describe('loadWhenOnline', () => {
  it('loads at once when nothing fails', async () => {
    const { load, calls } = flaky(0);
    await expect(loadWhenOnline(load, () => true)).resolves.toBe('code');
    expect(calls.n).toBe(1);
  });

  it('tries once more after an online failure, then gives up', async () => {
    const once = flaky(1);
    await expect(loadWhenOnline(once.load, () => true)).resolves.toBe('code');
    expect(once.calls.n).toBe(2);
    const twice = flaky(2);
    await expect(loadWhenOnline(twice.load, () => true)).rejects.toThrow('Failed to fetch');
    expect(twice.calls.n).toBe(2);
  });

  it('offline, waits for the network before each new try', async () => {
    const { load, calls } = flaky(3);
    let online = false;
    const waits: (() => void)[] = [];
    const result = loadWhenOnline(load, () => online, () => new Promise<void>((resolve) => waits.push(resolve)));
    await expect.poll(() => waits.length).toBe(1);
    expect(calls.n).toBe(1);
    // Back online, but the next try fails while offline again: it waits again rather than failing.
    waits.shift()!();
    await expect.poll(() => waits.length).toBe(1);
    expect(calls.n).toBe(2);
    waits.shift()!();
    await expect.poll(() => waits.length).toBe(1);
    expect(calls.n).toBe(3);
    online = true;
    waits.shift()!();
    await expect(result).resolves.toBe('code');
    expect(calls.n).toBe(4);
  });
});
