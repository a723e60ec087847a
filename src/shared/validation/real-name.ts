import { textRule, type FieldRule } from './field-rule.ts';

// Chinese names may carry the middle dot of transliterated names (阿卜杜·热合曼); English names
// may carry spaces and dots. Each form must contain at least one real letter or 汉字.
const CHINESE_NAME = /^(?=.*\p{Script=Han})[\p{Script=Han}·.]{2,20}$/u;
const ENGLISH_NAME = /^(?=.*[A-Za-z])[A-Za-z·. ]{2,50}$/u;

/** realName of spec §5: '{label}只支持中/英文'. */
export function realNameRule(label = '真实姓名'): FieldRule<string> {
  return textRule({
    label,
    kind: 'name',
    checks: [{ test: (text) => CHINESE_NAME.test(text) || ENGLISH_NAME.test(text), message: `${label}只支持中/英文` }],
  });
}
