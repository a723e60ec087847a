import { findDrawType } from '../../../../shared/catalogue/draw-types.ts';
import { pickRowReader } from '../../../../shared/charts/picker.ts';
import { chartSupportedFor } from '../../../../shared/charts/supported.ts';
import type { MethodDefinition } from '../../../../shared/lottery/index.ts';

/**
 * Whether the 遗漏冷热 switch is offered for a method: only when a row of it gets counts. With the
 * page (under 1 KiB): loaded after the first render, the switch appeared late and moved the rows.
 * charts/use-picker-stats answers the same; this module is the small part the switch needs first.
 */
export function hasPickerStats(drawType: string, method: MethodDefinition): boolean {
  const info = findDrawType(drawType);
  if (!info || !chartSupportedFor(info)) return false;
  return method.layout.rows.some((_, i) => pickRowReader(drawType, method, i) !== null);
}
