import { Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { formatBoardOdds, type BoardBetTypeView } from '../../../../shared/lottery/board/index.ts';

interface ItemGridProps {
  betType: BoardBetTypeView;
  /** The item ids of this bet type in the bet list, one per line. */
  chosen: string;
  onToggle: (betType: BoardBetTypeView, itemId: string) => void;
  /** How an item looks (dice draw faces); its name by default. */
  renderName?: ((name: string) => ReactNode) | undefined;
}

/** The items of one bet type with their odds; a click adds the item to the bet list (again: removes it). */
export const ItemGrid = memo(function ItemGrid({ betType, chosen, onToggle, renderName }: ItemGridProps) {
  const picked = new Set(chosen.split('\n'));
  return (
    <section className="jl-bet-type" aria-label={betType.name} data-bet-type={betType.id}>
      <Text size="sm" fw={600} mb={4}>
        {betType.name}
      </Text>
      <div className="jl-odds-grid">
        {betType.items?.map((item) => (
          <button
            key={item.id}
            type="button"
            className="jl-odds-item"
            aria-pressed={picked.has(item.id)}
            data-item={item.id}
            onClick={() => onToggle(betType, item.id)}
          >
            {/* Named by its content, "特码 01 赔率 47.5", so the name contains what is seen. */}
            <span className="jl-visually-hidden">{betType.name}</span>{' '}
            <span>{renderName ? renderName(item.name) : item.name}</span>{' '}
            <span className="jl-odds-value">
              <span className="jl-visually-hidden">赔率</span> {formatBoardOdds(item.odds)}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
});
