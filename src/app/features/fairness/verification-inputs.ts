// The verification form as text fields (what a player can paste) and their conversion into the
// shared verifier's input. Empty optional fields are left out, so the verdict says what was compared.
import type { DrawnIssue } from '../../../shared/api/draws.ts';
import type { OrderDetail } from '../../../shared/api/orders.ts';
import type { InstantVerificationInput, PeriodicVerificationInput } from '../../../shared/draws/index.ts';

export interface PeriodicFields {
  drawType: string;
  issueNumber: string;
  seed: string;
  /** SHA-256(seed ‖ 期号), published before sales opened. */
  commitment: string;
  /** The day's seed-chain anchor and the issue's position in the chain. */
  chainAnchor: string;
  chainPosition: string;
  /** Optional: the seed the chain's previous issue revealed. */
  previousSeed: string;
  beacon: string;
  publishedResult: string;
}

export interface InstantFields {
  drawType: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  publishedResult: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** "1,2,3,4,5", "01 02 03 04 05 06+07", "1，2，3": any run of separators between whole numbers. */
export function parsePublishedResult(text: string): Parsed<number[] | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const tokens = trimmed.split(/[\s,，、+]+/).filter(Boolean);
  if (!tokens.every((token) => /^\d{1,2}$/.test(token))) {
    return { ok: false, message: '公布的开奖号码格式不正确：请用逗号或空格分隔各个号码' };
  }
  return { ok: true, value: tokens.map(Number) };
}

const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

export function periodicInput(fields: PeriodicFields): Parsed<PeriodicVerificationInput> {
  const published = parsePublishedResult(fields.publishedResult);
  if (!published.ok) return published;
  const anchor = optional(fields.chainAnchor);
  const position = fields.chainPosition.trim();
  if ((anchor === undefined) !== (position === '')) {
    return { ok: false, message: '哈希链锚点与本期在链中的位置须同时填写' };
  }
  if (position !== '' && !/^[1-9]\d{0,4}$/.test(position)) return { ok: false, message: '本期在哈希链中的位置必须是正整数' };
  return {
    ok: true,
    value: {
      drawType: fields.drawType,
      issueNumber: fields.issueNumber.trim(),
      seed: fields.seed.trim(),
      beacon: optional(fields.beacon),
      commitment: optional(fields.commitment),
      previousSeed: optional(fields.previousSeed),
      chainAnchor: anchor === undefined ? undefined : { hash: anchor, distance: Number(position) },
      publishedResult: published.value,
    },
  };
}

export function instantInput(fields: InstantFields): Parsed<InstantVerificationInput> {
  const published = parsePublishedResult(fields.publishedResult);
  if (!published.ok) return published;
  const nonce = fields.nonce.trim();
  if (!/^\d{1,15}$/.test(nonce)) return { ok: false, message: '随机数（nonce）必须是非负整数' };
  return {
    ok: true,
    value: {
      drawType: fields.drawType,
      serverSeed: fields.serverSeed.trim(),
      // The client seed is the player's own text: spaces are part of it.
      clientSeed: fields.clientSeed,
      nonce: Number(nonce),
      serverSeedHash: optional(fields.serverSeedHash),
      publishedResult: published.value,
    },
  };
}

/** Results are verified in draw order, which is the order the API stores them in. */
export function periodicFieldsFrom(drawType: string, issueNumber: string, issue: DrawnIssue | undefined): PeriodicFields {
  return {
    drawType,
    issueNumber,
    seed: issue?.seed ?? '',
    commitment: issue?.commitment ?? '',
    chainAnchor: issue?.chain?.anchor ?? '',
    chainPosition: issue?.chain ? String(issue.chain.position) : '',
    previousSeed: '',
    beacon: issue?.beacon ?? '',
    publishedResult: issue?.result?.join(',') ?? '',
  };
}

export function instantFieldsFrom(drawType: string, order: OrderDetail | undefined): InstantFields {
  const fairness = order?.fairness ?? null;
  return {
    drawType: order?.drawType ?? drawType,
    serverSeed: fairness?.serverSeed ?? '',
    serverSeedHash: fairness?.serverSeedHash ?? '',
    clientSeed: fairness?.clientSeed ?? '',
    nonce: fairness ? String(fairness.nonce) : '',
    publishedResult: order?.result?.join(',') ?? '',
  };
}
