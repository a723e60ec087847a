// The oracle's view of a bet: the de-duplicated single tickets a selection stands for, each with the
// single-ticket rule of the reference and the prize level it belongs to.
import type { Selection } from '../../../../../src/shared/lottery/index.ts';

export interface Ticket {
  /** Identity of the single ticket: equal keys are the same 注. */
  key: string;
  /** Prize level id (as the engine names its levels). */
  level: string;
  /** The single-ticket rule: does this 注 win on the outcome (the numbers drawn, in order)? */
  wins(outcome: readonly number[]): boolean;
}

export interface Oracle {
  expand(selection: Selection): Ticket[];
  /** 单式 methods: validity of one typed ticket and the key that makes two tickets duplicates. */
  entry?: { valid(entry: readonly number[]): boolean; key(entry: readonly number[]): string };
}

export type OracleTable = Record<string, Oracle>;

export const numbersOfRow = (selection: Selection, row: number): number[] => ((selection.rows ?? [])[row] ?? []).map((v) => Number(v));
export const itemsOfRow = (selection: Selection, row: number): string[] => ((selection.rows ?? [])[row] ?? []).map((v) => String(v));
