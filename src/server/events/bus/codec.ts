// The relay's messages: JSON `{"prev":N,"events":[…]}`, the events after id N in id order. Payloads go
// out as PostgreSQL's own JSON text (never parsed and re-serialized by the relay). A message stays
// under `maxBytes`; an event too big for any message is sent as a bare position (no events, `prev` at
// its id): the receivers read it from the outbox like any gap.
import type { StoredLiveEvent } from '../outbox.ts';

export interface RawEvent {
  id: number;
  customerId: number | null;
  type: string;
  /** JSON text. */
  payload: string;
}

export interface BusBatch {
  prev: number;
  events: StoredLiveEvent[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const encodeEvent = (e: RawEvent) =>
  `{"id":${e.id},"customerId":${e.customerId === null ? 'null' : e.customerId},"type":${JSON.stringify(e.type)},"payload":${e.payload}}`;

export const encodePosition = (prev: number): Uint8Array => encoder.encode(`{"prev":${prev},"events":[]}`);

/** The messages that carry `events` (in id order) after `prev`, each chained to the one before. */
export function encodeBatches(prev: number, events: readonly RawEvent[], maxBytes: number): Uint8Array[] {
  const messages: Uint8Array[] = [];
  let parts: string[] = [];
  let size = 0;
  let from = prev;
  const flush = (last: number) => {
    if (parts.length > 0) messages.push(encoder.encode(`{"prev":${from},"events":[${parts.join(',')}]}`));
    parts = [];
    size = 0;
    from = last;
  };
  const envelope = 40;
  let last = prev;
  for (const event of events) {
    const text = encodeEvent(event);
    const bytes = Buffer.byteLength(text);
    if (bytes + envelope > maxBytes) {
      flush(last);
      messages.push(encodePosition(event.id));
      from = event.id;
    } else {
      if (size + bytes + envelope > maxBytes) flush(last);
      parts.push(text);
      size += bytes + 1;
    }
    last = event.id;
  }
  flush(last);
  return messages;
}

export function decodeBatch(data: Uint8Array): BusBatch {
  const parsed = JSON.parse(decoder.decode(data)) as { prev: unknown; events: unknown };
  if (!Number.isSafeInteger(parsed.prev) || !Array.isArray(parsed.events)) throw new Error('malformed live event batch');
  return parsed as BusBatch;
}
