// What the assistant never does, whichever adapter answers: predict results, suggest numbers, promise
// wins or encourage betting more. Questions about limits or stopping go to the player-protection
// settings. Applied to the question before any adapter runs and to an external model's output.
import type { AnswerKind, Source } from '../../shared/api/assistant.ts';

const PREDICTION = new RegExp(
  [
    // 下一期 asking for numbers, not for the draw time (下一期什么时候开奖 is a fair question).
    '下一?(期|把)(?!.{0,4}(什么时候|几点|时间|何时|截止))',
    '开什么',
    '开啥',
    '出什么',
    '会开(出|什么|哪)',
    '预测',
    '预估',
    '推荐.{0,4}号',
    '号码推荐',
    '(买|选|押|压|投|下)(什么|哪个|哪些|啥|几)号',
    '必中',
    '必出',
    '稳赚',
    '稳赢',
    '必赢',
    '包中',
    '包赢',
    '杀号',
    '计划',
    '倍投',
    '翻倍投',
    '内幕',
    '规律',
    '技巧',
    '秘诀',
    '回本',
    '多买',
    '加大投注',
    '加注',
    '中奖率最高',
    '怎么(才能|样才能)?(中奖|赢)',
  ].join('|'),
);

const PROTECTION = /限额|限制.{0,4}(充值|投注|亏损|消费)|冷静期|自我排除|停止(游戏|投注|购彩)|戒(赌|掉|彩)|沉迷|上瘾|成瘾|控制不住|管不住|不想(再)?玩|亏(了|得)?(太多|很多|好多)|理性娱乐|游戏时长|冻结.{0,2}账号|关闭.{0,2}账号/;

/** In an external model's answer: numbers put forward to bet on. */
const NUMBER_SUGGESTION =
  /(推荐|建议|不妨|可以(买|选|投|押|考虑)|试试|押|下注|投注|关注)[^。！？\n]{0,10}?([0-9０-９]{1,2}[\s,，、/+和]+){2,}[0-9０-９]|(推荐|建议).{0,6}号码[:：]/;

export type GuardVerdict = Extract<AnswerKind, 'refusal' | 'protection'> | null;

/** What a question asks for that the assistant answers with its fixed texts, or null. */
export function classifyQuestion(question: string): GuardVerdict {
  const text = question.normalize('NFKC');
  if (PREDICTION.test(text)) return 'refusal';
  if (PROTECTION.test(text)) return 'protection';
  return null;
}

/** Whether a model's output breaks the rules and must be replaced by the refusal. */
export function outputBreaksRules(output: string): boolean {
  const text = output.normalize('NFKC');
  return PREDICTION.test(text) || NUMBER_SUGGESTION.test(text);
}

export interface FixedAnswer {
  kind: AnswerKind;
  text: string;
  sources: Source[];
}

const RESPONSIBLE_GAMING: Source = { title: '帮助中心 · 理性娱乐', href: '/help/responsible-gaming' };
const PROTECTION_SETTINGS: Source = { title: '个人中心 · 理性娱乐设置', href: '/account/center?tab=protection' };

export const REFUSAL: FixedAnswer = {
  kind: 'refusal',
  text:
    '抱歉，我不能预测开奖结果，也不会推荐号码或建议加大投注。每一期的开奖号码都是随机产生的，开奖前已公布承诺值，开奖后任何人都可以在开奖结果页逐期验证，没有人能够预知结果，也不存在必中的方法。\n' +
    '请把购彩当作娱乐、量力而行；如需控制投入，可以在「个人中心 › 理性娱乐」设置限额或冷静期。',
  sources: [{ title: '开奖结果与公平性验证', href: '/draw-results' }, RESPONSIBLE_GAMING],
};

export const PROTECTION_ANSWER: FixedAnswer = {
  kind: 'protection',
  text:
    '您可以在「个人中心 › 理性娱乐」中设置充值限额与亏损限额、开启游戏时长提醒，也可以随时开启冷静期或自我排除：降低限额立即生效，提高限额 24 小时后生效。\n' +
    '如果感到难以控制，请暂停游戏并联系在线客服，我们会协助您。',
  sources: [PROTECTION_SETTINGS, RESPONSIBLE_GAMING],
};

export const UNKNOWN_ANSWER: FixedAnswer = {
  kind: 'unknown',
  text: '抱歉，我在平台的帮助中心、公告和玩法说明中没有找到这个问题的答案，不想猜测给您错误的信息。您可以换个说法再问，查看帮助中心，或联系在线客服。',
  sources: [{ title: '帮助中心', href: '/help' }],
};

export function fixedAnswer(verdict: Exclude<GuardVerdict, null>): FixedAnswer {
  return verdict === 'refusal' ? REFUSAL : PROTECTION_ANSWER;
}
