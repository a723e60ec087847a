// 单式 (typed ticket) rules: what one ticket looks like per method, how text is split into tickets,
// and how duplicates are recognised (by the ticket itself for 直选, by its sorted form for 组选/任选).
import type { EntryRule } from './method-spec.ts';
import type { EntryFormat, ParsedTickets } from './types.ts';

type Zone = EntryFormat['zones'][number];

function inZone(numbers: readonly number[], zone: Zone): boolean {
  if (numbers.length !== zone.size) return false;
  for (const n of numbers) if (!Number.isInteger(n) || n < zone.min || n > zone.max) return false;
  return !zone.distinct || new Set(numbers).size === numbers.length;
}

const ascending = (a: number, b: number): number => a - b;

/** A ticket of single digits (时时彩, 3D); `accept` sees the digits sorted ascending. */
export function digitEntry(length: number, ordered: boolean, hint: string, accept?: (sorted: readonly number[]) => boolean): EntryRule {
  const zone: Zone = { size: length, min: 0, max: 9, distinct: false };
  return {
    format: { length, zones: [zone], twoDigit: false, ordered, hint },
    canonical(numbers) {
      if (!inZone(numbers, zone)) return null;
      const sorted = numbers.slice().sort(ascending);
      if (accept && !accept(sorted)) return null;
      return ordered ? numbers.slice() : sorted;
    },
  };
}

/** A ticket of different numbers from one range (11选5, 赛车, 快乐8). */
export function numberEntry(length: number, min: number, max: number, ordered: boolean, hint: string): EntryRule {
  const zone: Zone = { size: length, min, max, distinct: true };
  return {
    format: { length, zones: [zone], twoDigit: true, ordered, hint },
    canonical(numbers) {
      if (!inZone(numbers, zone)) return null;
      return ordered ? numbers.slice() : numbers.slice().sort(ascending);
    },
  };
}

/** A two-zone ticket (双色球 red + blue, 大乐透 front + back); each zone is sorted. */
export function twoZoneEntry(first: Omit<Zone, 'distinct'>, second: Omit<Zone, 'distinct'>, hint: string): EntryRule {
  const zones: Zone[] = [
    { ...first, distinct: true },
    { ...second, distinct: true },
  ];
  return {
    format: { length: first.size + second.size, zones, twoDigit: true, ordered: false, hint },
    canonical(numbers) {
      const a = numbers.slice(0, first.size);
      const b = numbers.slice(first.size);
      if (!inZone(a, zones[0]!) || !inZone(b, zones[1]!)) return null;
      return [...a.sort(ascending), ...b.sort(ascending)];
    },
  };
}

/** How a ticket is written back for messages and lists: 12345, 01 02 03, 01 02 03 04 05 06+07. */
export function formatEntry(format: EntryFormat, numbers: readonly number[]): string {
  if (!format.twoDigit) return numbers.join('');
  const text = (values: readonly number[]) => values.map((n) => String(n).padStart(2, '0')).join(' ');
  if (format.zones.length === 1) return text(numbers);
  const split = format.zones[0]!.size;
  return `${text(numbers.slice(0, split))}+${text(numbers.slice(split))}`;
}

const FULL_WIDTH_DIGITS = /[０-９]/g;
const toHalfWidth = (text: string): string => text.replace(FULL_WIDTH_DIGITS, (c) => String(c.charCodeAt(0) - 0xff10));

/** Separators between tickets and between the numbers of one ticket, per kind of game. */
const DIGIT_TICKET_SEPARATORS = /[\s,;，；|、]+/;
const NUMBER_TICKET_SEPARATORS = /[\r\n,;，；|、]+/;
const TWO_ZONE_TICKET_SEPARATORS = /[\r\n;；]+/;
const NUMBER_SEPARATORS = /[\s]+/;
const TWO_ZONE_NUMBER_SEPARATORS = /[\s,，+|\-:：]+/;

function splitNumbers(piece: string, format: EntryFormat): number[] | null {
  const separators = format.zones.length > 1 ? TWO_ZONE_NUMBER_SEPARATORS : NUMBER_SEPARATORS;
  let tokens = piece.split(separators).filter((t) => t !== '');
  // "010203" written without spaces: read as consecutive two-digit numbers.
  if (tokens.length === 1 && /^\d+$/.test(tokens[0]!) && tokens[0]!.length === format.length * 2) {
    tokens = tokens[0]!.match(/\d\d/g) ?? [];
  }
  if (!tokens.every((t) => /^\d{1,2}$/.test(t))) return null;
  return tokens.map(Number);
}

/** Why a typed ticket is not valid, in Chinese (the first problem found). */
function problemOf(numbers: readonly number[] | null, format: EntryFormat): string {
  if (!numbers) return format.twoDigit ? '含有无法识别的字符' : '含有数字以外的字符';
  if (numbers.length !== format.length) return `应为${format.length}个号码，实为${numbers.length}个`;
  let start = 0;
  for (const zone of format.zones) {
    const part = numbers.slice(start, start + zone.size);
    start += zone.size;
    const pad = (n: number): string => (format.twoDigit ? String(n).padStart(2, '0') : String(n));
    const outside = part.find((n) => n < zone.min || n > zone.max);
    if (outside !== undefined) return `号码${pad(outside)}超出范围（${pad(zone.min)}-${pad(zone.max)}）`;
    if (zone.distinct && new Set(part).size !== part.length) return '同一注内号码重复';
  }
  return '不符合本玩法的号码要求';
}

/**
 * Splits 单式 text into tickets. Digit games: one ticket is a run of digits ("12345"), tickets are
 * separated by spaces, commas, semicolons, 、, | or new lines. Number games: numbers are separated by
 * spaces (or written as consecutive two-digit pairs), tickets by commas, semicolons, | or new lines;
 * two-zone games separate tickets by new lines or semicolons and the zones by + | - or spaces.
 */
export function parseEntries(text: string, rule: EntryRule): ParsedTickets {
  const format = rule.format;
  const normalized = toHalfWidth(text);
  const ticketSeparators = !format.twoDigit
    ? DIGIT_TICKET_SEPARATORS
    : format.zones.length > 1
      ? TWO_ZONE_TICKET_SEPARATORS
      : NUMBER_TICKET_SEPARATORS;
  const result: ParsedTickets = { entries: [], invalid: [], duplicates: [], problems: [] };
  const seen = new Set<string>();
  for (const raw of normalized.split(ticketSeparators)) {
    const piece = raw.trim();
    if (piece === '') continue;
    const numbers = format.twoDigit
      ? splitNumbers(piece, format)
      : /^\d+$/.test(piece)
        ? [...piece].map(Number)
        : null;
    const canonical = numbers ? rule.canonical(numbers) : null;
    if (!canonical) {
      result.invalid.push(piece);
      result.problems.push({ text: piece, message: `号码「${piece}」${problemOf(numbers, format)}：${format.hint}` });
      continue;
    }
    const key = canonical.join(',');
    if (seen.has(key)) {
      result.duplicates.push(piece);
      continue;
    }
    seen.add(key);
    result.entries.push(canonical);
  }
  return result;
}
