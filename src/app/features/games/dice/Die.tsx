// Pip cells of a 3 × 3 grid, numbered 0–8 row by row.
const PIPS: Record<number, readonly number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** One die face; decorative — the text around it says the value. */
export function Die({ face, rolling = false }: { face: number; rolling?: boolean }) {
  const pips = PIPS[face] ?? [];
  return (
    <span className="jl-die" data-face={face} data-rolling={rolling || undefined} aria-hidden="true">
      {Array.from({ length: 9 }, (_, cell) => (
        <span key={cell} className={pips.includes(cell) ? 'jl-pip' : undefined} />
      ))}
    </span>
  );
}

const DICE_NAME = /^([1-6]{1,3})(\*?)$/;

/** Item names made of die values (三军 1, 围骰 111, 长牌 12, 二同号复选 11*) drawn as small dice. */
export function DiceName({ name }: { name: string }) {
  const match = DICE_NAME.exec(name);
  if (!match) return <>{name}</>;
  return (
    <span className="jl-dice-row" style={{ ['--jl-die-size' as string]: '22px', gap: 3 }}>
      <span className="jl-visually-hidden">{name}</span>
      {[...match[1]!].map((digit, i) => (
        <Die key={i} face={Number(digit)} />
      ))}
      {match[2] && <span aria-hidden="true">*</span>}
    </span>
  );
}

export function diceSummary(result: readonly number[]): string {
  const sum = result.reduce((a, b) => a + b, 0);
  const triple = result.length === 3 && result[0] === result[1] && result[1] === result[2];
  if (triple) return `${sum} 豹子`;
  return `${sum} ${sum >= 11 ? '大' : '小'} ${sum % 2 === 1 ? '单' : '双'}`;
}
