// Every text field rule of spec §5, each with a `required` and an `optional` form (see field-rule.ts).
import * as accountRules from './account-rules.ts';
import * as contentRules from './content-rules.ts';
import * as paymentRules from './payment-rules.ts';

export const rules = { ...accountRules, ...paymentRules, ...contentRules } as const;
export type RuleName = keyof typeof rules;
