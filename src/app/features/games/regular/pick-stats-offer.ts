// Whether the 遗漏冷热 switch is offered for a method: only when a row of it gets counts. Its row
// readers are loaded after the page's first render (a small chunk of their own), keeping them off the
// regular page's route chunk; the switch shows once they are there.
import { useEffect, useState } from 'react';
import type { MethodDefinition } from '../../../../shared/lottery/index.ts';

type OfferCheck = (drawType: string, method: MethodDefinition) => boolean;

let check: OfferCheck | null = null;
let loading: Promise<OfferCheck> | null = null;

function loadCheck(): Promise<OfferCheck> {
  loading ??= import('./pick-stats-readers.ts').then((module) => (check = module.hasPickerStats));
  return loading;
}

export function usePickerStatsOffered(drawType: string, method: MethodDefinition, wanted: boolean): boolean {
  const [loaded, setLoaded] = useState<OfferCheck | null>(() => check);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    loadCheck().then(
      (found) => current && setLoaded(() => found),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded]);
  return wanted && loaded !== null && loaded(drawType, method);
}
