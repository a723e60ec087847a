// What the regular page does to its store, as functions that never change identity: the memoised
// parts of the page (number rows, method picker, slip) then re-render only when their own data does.
import { getMethod, methodTree, type PickValue } from '../../../../shared/lottery/index.ts';
import { emptyDraft, type RegularDraft, type SlipLine } from './regular-line.ts';
import { regularStore } from './regular-store.ts';

export function firstMethodId(drawType: string): string {
  return methodTree(drawType)[0]!.subGroups[0]!.methods[0]!.id;
}

export interface RegularActions {
  setRow: (index: number, picked: PickValue[]) => void;
  setText: (text: string) => void;
  setPositions: (positions: number[]) => void;
  selectMethod: (methodId: string) => void;
  selectGroup: (groupName: string) => void;
  clearPicks: () => void;
  setMultiplierText: (text: string) => void;
  addLines: (lines: SlipLine[]) => void;
  removeLine: (id: string) => void;
  clearSlip: () => void;
}

const cache = new Map<string, RegularActions>();

export function regularActions(drawType: string): RegularActions {
  const cached = cache.get(drawType);
  if (cached) return cached;
  const store = regularStore(drawType);
  const draft = () => store.get().draft ?? emptyDraft(getMethod(drawType, firstMethodId(drawType)));
  const setDraft = (next: RegularDraft) => store.set((state) => ({ ...state, draft: next }));
  const selectMethod = (methodId: string) => setDraft(emptyDraft(getMethod(drawType, methodId)));
  const actions: RegularActions = {
    setRow: (index, picked) => {
      const current = draft();
      setDraft({ ...current, rows: current.rows.map((row, i) => (i === index ? picked : row)) });
    },
    setText: (text) => setDraft({ ...draft(), text }),
    setPositions: (positions) => setDraft({ ...draft(), positions }),
    selectMethod,
    selectGroup: (groupName) => {
      const first = methodTree(drawType).find((g) => g.name === groupName)?.subGroups[0]?.methods[0];
      if (first) selectMethod(first.id);
    },
    clearPicks: () => {
      const current = draft();
      setDraft({ ...emptyDraft(getMethod(drawType, current.methodId)), positions: current.positions });
    },
    setMultiplierText: (multiplierText) => store.set((state) => ({ ...state, multiplierText })),
    addLines: (lines) => store.set((state) => ({ ...state, slip: [...state.slip, ...lines] })),
    removeLine: (id) => store.set((state) => ({ ...state, slip: state.slip.filter((line) => line.id !== id) })),
    clearSlip: () => store.set((state) => ({ ...state, slip: [] })),
  };
  cache.set(drawType, actions);
  return actions;
}
