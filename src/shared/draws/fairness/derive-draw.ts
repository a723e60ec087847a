// Deriving a draw from revealed inputs. Periodic issues: the byte stream is
// HMAC-SHA256(key = seed, "drawType:issueNumber:beacon:counter") with the beacon empty when none is
// configured. Instant (秒开) orders: HMAC-SHA256(key = serverSeed, "clientSeed:nonce:counter"). Keys
// are the raw 32 seed bytes, messages UTF-8. Nothing else enters a result: never the bets.
import { findDrawType, type DrawTypeInfo } from '../../catalogue/draw-types.ts';
import { DrawInputError } from '../draw-input-error.ts';
import { hmacByteStream, type ByteSource } from './byte-stream.ts';
import { checkIssueNumber } from './issue-commitment.ts';
import { drawNumbers, resultZonesOf } from './draw-numbers.ts';
import type { DrawStep } from './draw-steps.ts';
import { normalizeHex, seedBytes, type Bytes } from './hex.ts';
import { rejectionSampler, type UniformSampler } from './uniform-sampler.ts';

export interface PeriodicDrawInput {
  drawType: string;
  issueNumber: string;
  /** The issue's seed from the hash chain, 64 hex characters. */
  seed: string;
  /** The public beacon value fixed for the issue (a drand round's randomness …), hex; omit when none. */
  beacon?: string | undefined;
}

export interface InstantDrawInput {
  drawType: string;
  /** The player's current server seed, 64 hex characters; SHA-256 of it was shown before the bet. */
  serverSeed: string;
  /** Chosen (and changeable) by the player. */
  clientSeed: string;
  /** 0 for the first bet on a server seed, then 1, 2 … */
  nonce: number;
}

export interface DrawDerivation {
  /** In draw order. */
  result: number[];
  steps: DrawStep[];
}

/** Builds a sampler from the byte stream; tests substitute a biased one to show the statistics catch it. */
export type SamplerFactory = (bytes: ByteSource, record: (step: DrawStep) => void) => UniformSampler;

const MAX_CLIENT_SEED_LENGTH = 64;

export function periodicMessagePrefix(drawType: string, issueNumber: string, beacon?: string): string {
  return `${drawType}:${issueNumber}:${beacon === undefined ? '' : normalizeHex(beacon, '信标')}:`;
}

export function instantMessagePrefix(clientSeed: string, nonce: number): string {
  return `${clientSeed}:${nonce}:`;
}

export async function derivePeriodicDraw(
  input: PeriodicDrawInput,
  samplerFactory: SamplerFactory = rejectionSampler,
): Promise<DrawDerivation> {
  const info = drawTypeInfo(input.drawType);
  if (info.instant) throw new DrawInputError('INVALID_INPUT', `${info.code} 是秒开彩种，请用服务器种子、客户端种子和随机数验证`);
  checkIssueNumber(input.issueNumber);
  const prefix = periodicMessagePrefix(info.code, input.issueNumber, input.beacon);
  return derive(info, seedBytes(input.seed, '种子'), prefix, samplerFactory);
}

export async function deriveInstantDraw(
  input: InstantDrawInput,
  samplerFactory: SamplerFactory = rejectionSampler,
): Promise<DrawDerivation> {
  const info = drawTypeInfo(input.drawType);
  if (!info.instant) throw new DrawInputError('INVALID_INPUT', `${info.code} 不是秒开彩种，请用期号和种子验证`);
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) {
    throw new DrawInputError('INVALID_INPUT', '随机数（nonce）必须是非负整数');
  }
  if (input.clientSeed.length === 0 || input.clientSeed.length > MAX_CLIENT_SEED_LENGTH) {
    throw new DrawInputError('INVALID_INPUT', `客户端种子长度必须在 1–${MAX_CLIENT_SEED_LENGTH} 个字符之间`);
  }
  if (/\p{Cc}/u.test(input.clientSeed)) throw new DrawInputError('INVALID_INPUT', '客户端种子不能包含控制字符');
  const prefix = instantMessagePrefix(input.clientSeed, input.nonce);
  return derive(info, seedBytes(input.serverSeed, '服务器种子'), prefix, samplerFactory);
}

async function derive(
  info: DrawTypeInfo,
  key: Bytes,
  messagePrefix: string,
  samplerFactory: SamplerFactory,
): Promise<DrawDerivation> {
  const steps: DrawStep[] = [];
  const record = (step: DrawStep) => steps.push(step);
  const bytes = await hmacByteStream(key, messagePrefix, record);
  const result = await drawNumbers(resultZonesOf(info.code), samplerFactory(bytes, record), record);
  return { result, steps };
}

function drawTypeInfo(code: string): DrawTypeInfo {
  const info = findDrawType(code);
  if (!info) throw new DrawInputError('UNKNOWN_DRAW_TYPE', `未知彩种：${code}`);
  return info;
}
