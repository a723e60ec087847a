// Assembles a method from its names, help text and family.
import type { ResultFormat } from '../result.ts';
import type { Family, MethodSpec } from './method-spec.ts';

export interface MethodInfo {
  id: string;
  name: string;
  fullName: string;
  group: string;
  subGroup: string;
  rule: string;
  example: string;
  /** Result indices the method reads (empty: the whole result). */
  reads: readonly number[];
  readsText: string;
}

export function defineMethod(format: ResultFormat, info: MethodInfo, family: Family): MethodSpec {
  const spec: MethodSpec = {
    id: info.id,
    name: info.name,
    fullName: info.fullName,
    group: info.group,
    subGroup: info.subGroup,
    layout: { rows: family.rows, notes: family.notes ?? [] },
    levels: family.levels,
    help: { rule: info.rule, example: info.example },
    betCountFormula: family.formula,
    reads: { format, positions: info.reads, description: info.readsText },
    ticketSpace: family.ticketSpace,
    kernel: family.kernel,
  };
  if (family.entryRule) {
    spec.entryRule = family.entryRule;
    spec.layout.entry = family.entryRule.format;
  }
  if (family.maxEntries !== undefined) spec.maxEntries = family.maxEntries;
  if (family.positions) spec.layout.positions = family.positions;
  return spec;
}
