// The assistant's pure parts: Chinese tokenising, the guard on questions and model output, the
// sentence-by-sentence output filter, and the built-in answer's threshold.
import { describe, expect, it } from 'vitest';
import { builtinAnswer } from '../../src/server/assistant/builtin.ts';
import { classifyQuestion, outputBreaksRules } from '../../src/server/assistant/guard.ts';
import { enginePassages, helpPassages, htmlToText } from '../../src/server/assistant/knowledge.ts';
import { OutputFilter } from '../../src/server/assistant/output-filter.ts';
import { SearchIndex } from '../../src/server/assistant/search-index.ts';
import { tokenize } from '../../src/server/assistant/tokenize.ts';
import { parseAnswerFrame, splitFrames } from '../../src/shared/api/assistant.ts';

describe('tokenize', () => {
  it('cuts Chinese into bigrams and keeps ASCII words', () => {
    expect(tokenize('怎么玩五星直选')).toEqual(['怎么', '么玩', '玩五', '五星', '星直', '直选']);
    expect(tokenize('安装 App，PK10！')).toEqual(['安装', 'app', 'pk10']);
    expect(tokenize('我')).toEqual(['我']);
    expect(tokenize('？！ ')).toEqual([]);
  });
});

describe('the guard', () => {
  it.each(['下一期开什么号', '下期会开出什么', '帮我预测一下', '推荐几个号码', '有没有必中的方法', '稳赚计划', '包中', '杀号技巧', '倍投能回本吗', '买什么号好', '怎么才能中奖'])(
    'refuses %s',
    (question) => expect(classifyQuestion(question)).toBe('refusal'),
  );
  it.each(['怎么设置充值限额', '我想开冷静期', '如何自我排除', '我控制不住自己', '我想停止游戏', '最近亏了好多'])('points %s to the protection settings', (question) =>
    expect(classifyQuestion(question)).toBe('protection'),
  );
  it.each(['怎么玩五星直选', '下一期什么时候开奖', '怎么追号', '充值多久到账', '龙虎和是什么意思'])('lets %s through', (question) =>
    expect(classifyQuestion(question)).toBeNull(),
  );
  it('catches number suggestions and promises in model output, not rule examples', () => {
    expect(outputBreaksRules('建议您投注 3、5、8 这几个号码')).toBe(true);
    expect(outputBreaksRules('这个组合必中')).toBe(true);
    expect(outputBreaksRules('投注方案：13579；开奖号码五星为 13579，即中五星直选。')).toBe(false);
  });
});

describe('the output filter', () => {
  it('releases whole sentences and stops at the first that breaks the rules', () => {
    const filter = new OutputFilter();
    expect(filter.push('五星直选')).toBe('');
    expect(filter.push('需要全中。顺序')).toBe('五星直选需要全中。');
    expect(filter.push('一致。我建议投注 1、2、')).toBe('顺序一致。');
    expect(filter.push('3 号。')).toBe('');
    expect(filter.broken).toBe(true);
    expect(filter.finish()).toBe('');
    expect(filter.shown).toBe('五星直选需要全中。顺序一致。');
  });
  it('releases the unterminated tail at the end', () => {
    const filter = new OutputFilter();
    filter.push('好的');
    expect(filter.finish()).toBe('好的');
  });
});

describe('the built-in answer', () => {
  const index = new SearchIndex([
    ...helpPassages('deposit-withdrawal', '充值与提现', '<p>充值需要联网。</p><h2>充值未到账</h2><p>请在 72 小时内联系客服&amp;提供凭证。</p>'),
    ...enginePassages(),
  ]);
  it('quotes the best passage with its page', () => {
    const answer = builtinAnswer(index, '充值没到账怎么办');
    expect(answer.kind).toBe('answer');
    expect(answer.text).toBe('根据「充值与提现 · 充值未到账」：\n请在 72 小时内联系客服&提供凭证。');
    expect(answer.sources).toEqual([{ title: '充值与提现 · 充值未到账', href: '/help/deposit-withdrawal' }]);
  });
  it('does not know below the threshold', () => {
    expect(builtinAnswer(index, '今天天气好吗').kind).toBe('unknown');
    expect(builtinAnswer(index, '？？').kind).toBe('unknown');
  });
  it('turns content HTML into lines of text', () => {
    expect(htmlToText('<p>a &lt; b</p><ul><li>一</li><li>二</li></ul>')).toBe('a < b\n一\n二');
  });
});

describe('reading the answer stream', () => {
  it('splits frames as they arrive and parses our events only', () => {
    const { frames, rest } = splitFrames('event: delta\ndata: {"text":"你"}\n\nevent: done\ndata: {"kind":"answer"}\n\nevent: del');
    expect(frames.map(parseAnswerFrame)).toEqual([
      { type: 'delta', text: '你' },
      { type: 'done', kind: 'answer' },
    ]);
    expect(rest).toBe('event: del');
    expect(parseAnswerFrame('event: delta\ndata: nope')).toBeNull();
    expect(parseAnswerFrame(': ping')).toBeNull();
  });
});
