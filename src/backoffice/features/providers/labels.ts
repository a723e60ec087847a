// Chinese names of what the 第三方游戏 pages show.
import type { ProviderCatalogueName } from '../../../shared/api/third-party.ts';

export const CATALOGUE_LABELS: Record<ProviderCatalogueName, string> = {
  CARD_GAME: '棋牌',
  LIVE_BETTING: '真人',
  SLOT_MACHINE: '电子',
  FISHING_JOY: '捕鱼',
  SPORTS_BETTING: '体育',
};

export const STATUS_LABELS: Record<string, string> = { PENDING: '处理中', IN_DOUBT: '确认中', SUCCESS: '成功', FAILED: '失败' };
export const STATUS_COLORS: Record<string, string> = { PENDING: 'gray', IN_DOUBT: 'orange', SUCCESS: 'teal', FAILED: 'red' };
export const DIRECTION_LABELS: Record<string, string> = { IN: '转入平台', OUT: '转回主钱包' };
export const ORIGIN_LABELS: Record<string, string> = { PLAYER: '玩家转账', RECALL: '一键回收', LAUNCH: '进入游戏自动转入' };
export const OUTCOME_LABELS: Record<string, string> = {
  CREATED: '已创建并冻结',
  SUCCESS: '确认成功',
  FAILED: '确认失败',
  IN_DOUBT: '结果待确认',
  QUERY_FAILED: '查询失败',
};

export function actorLabel(actor: string): string {
  if (actor === 'PLAYER') return '玩家';
  if (actor === 'JOB') return '自动查询任务';
  if (actor === 'RECALL') return '一键回收';
  if (actor === 'LAUNCH') return '进入游戏';
  if (actor.startsWith('OPERATOR:')) return `操作员 ${actor.slice('OPERATOR:'.length)}`;
  return actor;
}
