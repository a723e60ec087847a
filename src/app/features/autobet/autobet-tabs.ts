// The autobet list's tabs, apart from its queries: the list's route validates its tab with these, and
// the autobet schemas need not load on the first page for that.
export type AutobetTab = 'lottery' | 'dice';
export const AUTOBET_TABS: readonly AutobetTab[] = ['lottery', 'dice'];

export function isAutobetTab(value: unknown): value is AutobetTab {
  return value === 'lottery' || value === 'dice';
}
