// Draw types as grouped <select> options (by category, in catalogue order), labelled by name only.
import { CATEGORY_NAMES, DRAW_TYPES, type DrawTypeInfo } from '../../../shared/catalogue/draw-types.ts';
import { LOTTERY_CATEGORIES } from '../../../shared/enums.ts';

export interface DrawTypeOptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

export function drawTypeOptions(include: (info: DrawTypeInfo) => boolean = () => true): DrawTypeOptionGroup[] {
  return LOTTERY_CATEGORIES.map((category) => ({
    group: CATEGORY_NAMES[category],
    items: DRAW_TYPES.filter((info) => info.category === category && include(info)).map((info) => ({ value: info.code, label: info.name })),
  })).filter((group) => group.items.length > 0);
}
