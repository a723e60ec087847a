// The relay's message format (src/server/events/bus/codec.ts): batches split under a size limit stay
// chained (each starts where the previous ended), and an event too big for any message becomes a
// position, so receivers read it from the outbox.
import { describe, expect, it } from 'vitest';
import { decodeBatch, encodeBatches, type RawEvent } from '../../src/server/events/bus/codec.ts';

const event = (id: number, payload: unknown, customerId: number | null = 7): RawEvent => ({
  id,
  customerId,
  type: 'balance',
  payload: JSON.stringify(payload),
});

describe('relay message codec', () => {
  it('round-trips events, payloads as JSON and customers as given', () => {
    const [message, ...rest] = encodeBatches(10, [event(11, { balance: 1, 名: '锦鲤' }), event(12, [1, 2], null)], 64 * 1024);
    expect(rest).toEqual([]);
    expect(decodeBatch(message!)).toEqual({
      prev: 10,
      events: [
        { id: 11, customerId: 7, type: 'balance', payload: { balance: 1, 名: '锦鲤' } },
        { id: 12, customerId: null, type: 'balance', payload: [1, 2] },
      ],
    });
  });

  it('splits under the size limit into messages chained by the previous last id', () => {
    const events = Array.from({ length: 50 }, (_, i) => event(101 + i, { text: 'x'.repeat(100) }));
    const batches = encodeBatches(100, events, 1024).map(decodeBatch);
    expect(batches.length).toBeGreaterThan(5);
    let prev = 100;
    for (const batch of batches) {
      expect(batch.prev).toBe(prev);
      expect(batch.events.length).toBeGreaterThan(0);
      prev = batch.events[batch.events.length - 1]!.id;
    }
    expect(batches.flatMap((b) => b.events.map((e) => e.id))).toEqual(events.map((e) => e.id));
  });

  it('sends an event too big for any message as a position, which receivers treat as a gap', () => {
    const batches = encodeBatches(1, [event(2, { a: 1 }), event(3, { big: 'y'.repeat(5000) }), event(4, { b: 2 })], 1024).map(decodeBatch);
    expect(batches).toEqual([
      { prev: 1, events: [expect.objectContaining({ id: 2 })] },
      { prev: 3, events: [] },
      { prev: 3, events: [expect.objectContaining({ id: 4 })] },
    ]);
  });

  it('refuses a malformed message', () => {
    expect(() => decodeBatch(new TextEncoder().encode('{"prev":"x","events":[]}'))).toThrow();
  });
});
