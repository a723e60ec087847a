// The figure columns both sales reports share, with the same headers as the CSV.
import type { SalesFigures } from '../../../shared/backoffice/reports.ts';
import type { Column } from './ReportTable.tsx';
import { money, percent } from './format.ts';

export function figureColumns<Row extends SalesFigures>(): Column<Row>[] {
  return [
    { key: 'orders', header: '结算注单数', numeric: true, cell: (r) => r.orders },
    { key: 'turnover', header: '有效投注', numeric: true, cell: (r) => money(r.turnover) },
    { key: 'pending', header: '未结算投注', numeric: true, cell: (r) => money(r.pendingStake) },
    { key: 'payouts', header: '派奖', numeric: true, cell: (r) => money(r.payouts) },
    { key: 'rebates', header: '返点', numeric: true, cell: (r) => money(r.rebates) },
    { key: 'ggr', header: '毛利', numeric: true, cell: (r) => money(r.grossGamingRevenue) },
    { key: 'actualRtp', header: '实际返奖率', numeric: true, cell: (r) => percent(r.actualRtp) },
    { key: 'theoreticalRtp', header: '理论返奖率', numeric: true, cell: (r) => percent(r.theoreticalRtp) },
    { key: 'active', header: '活跃玩家', numeric: true, cell: (r) => r.activePlayers },
  ];
}
