// The recorded steps of a derivation, as data for the verification page and as Chinese text for the
// page and the terminal verifier.

export type DrawStep =
  /** One 32-byte block of the byte stream: HMAC-SHA256(key, message). */
  | { kind: 'block'; counter: number; message: string; hmacHex: string }
  /** The start of a zone (the whole result, or SSQ's red and blue balls …). */
  | { kind: 'zone'; zone: number; name: string; count: number; min: number; max: number; distinct: boolean }
  /** One byte read for a uniform integer in [0, range): accepted below `limit`, rejected otherwise. */
  | { kind: 'sample'; byteIndex: number; byte: number; range: number; limit: number; accepted: boolean; value?: number }
  /** A number drawn with replacement (digits, dice): value = min + offset. */
  | { kind: 'pick'; zone: number; position: number; offset: number; value: number }
  /** One Fisher–Yates step: the pool entries at `position` and `swapWith` trade places; `picked` is drawn. */
  | { kind: 'swap'; zone: number; position: number; swapWith: number; remaining: number; picked: number };

export type StepRecorder = (step: DrawStep) => void;

export function describeStep(step: DrawStep): string {
  switch (step.kind) {
    case 'block':
      return `第 ${step.counter + 1} 块：HMAC-SHA256(种子, "${step.message}") = ${step.hmacHex}`;
    case 'zone': {
      const how = step.distinct ? '不放回抽取（Fisher–Yates 洗牌）' : '有放回抽取';
      return `${step.name}：从 ${step.min}–${step.max} 中${how} ${step.count} 个`;
    }
    case 'sample': {
      const byte = `第 ${step.byteIndex + 1} 字节 0x${step.byte.toString(16).padStart(2, '0')} = ${step.byte}`;
      return step.accepted
        ? `${byte} < ${step.limit}，接受：${step.byte} mod ${step.range} = ${step.value}`
        : `${byte} ≥ ${step.limit}，拒绝（避免取模偏差），改取下一字节`;
    }
    case 'pick':
      return `第 ${step.position + 1} 个号码 = ${step.value - step.offset} + ${step.offset} = ${step.value}`;
    case 'swap':
      return (
        `洗牌第 ${step.position + 1} 步：剩余 ${step.remaining} 个号码，` +
        `交换第 ${step.position + 1} 与第 ${step.swapWith + 1} 个位置，抽出 ${step.picked}`
      );
  }
}
