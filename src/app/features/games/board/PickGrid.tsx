import { Button, Group, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { formatBoardOdds, type BoardBetTypeView, type BoardPickId } from '../../../../shared/lottery/board/index.ts';

interface PickGridProps {
  betType: BoardBetTypeView;
  picks: readonly BoardPickId[];
  onChange: (betTypeId: string, picks: BoardPickId[]) => void;
  onAdd: (betType: BoardBetTypeView) => void;
  renderName?: ((name: string) => ReactNode) | undefined;
}

function pickRule(betType: BoardBetTypeView): string {
  const pick = betType.pick!;
  const count = pick.min === pick.max ? `选择 ${pick.min} 个` : `选择 ${pick.min}~${pick.max} 个`;
  const combos = pick.comboSize ? `，每 ${pick.comboSize} 个为一组` : '';
  const order = pick.ordered ? '，按顺序' : '';
  return `${count}${combos}${order}`;
}

/** A multi-pick bet type (连码, 合肖, 三不同号 …): choose the values, then add the bet. */
export const PickGrid = memo(function PickGrid({ betType, picks, onChange: change, onAdd, renderName }: PickGridProps) {
  const pick = betType.pick!;
  const onChange = (next: BoardPickId[]) => change(betType.id, next);
  const toggle = (id: BoardPickId) => {
    if (!pick.repeats && picks.includes(id)) return onChange(picks.filter((p) => p !== id));
    if (picks.length >= pick.max) return;
    onChange([...picks, id]);
  };
  const odds = betType.levels.map((l) => `${l.name} ${formatBoardOdds(l.odds)}`).join('，');
  return (
    <section className="jl-bet-type" aria-label={betType.name} data-bet-type={betType.id}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          {betType.name}
        </Text>
        <Text size="xs" c="dimmed">
          {pickRule(betType)} · 赔率 {odds}
        </Text>
      </Group>
      <div className="jl-odds-grid">
        {pick.values.map((value) => {
          const count = picks.filter((p) => p === value.id).length;
          return (
            <button
              key={String(value.id)}
              type="button"
              className="jl-odds-item"
              aria-pressed={count > 0}
              onClick={() => toggle(value.id)}
            >
              <span className="jl-visually-hidden">{betType.name}</span>{' '}
              {renderName ? renderName(value.name) : value.name}
              {pick.repeats && count > 1 && <span className="jl-odds-value">×{count}</span>}
            </button>
          );
        })}
      </div>
      <Group gap="xs" mt={6}>
        <Text size="sm" c="dimmed">
          已选 {picks.length} 个
        </Text>
        <Button size="compact-sm" variant="default" disabled={picks.length === 0} onClick={() => onChange([])}>
          清除
        </Button>
        <Button size="compact-sm" disabled={picks.length < pick.min} onClick={() => onAdd(betType)}>
          添加到投注单
        </Button>
      </Group>
    </section>
  );
});
