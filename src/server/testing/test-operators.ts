// Test operators (NODE_ENV=test only): a fresh, enrolled operator of a role per call, so every test
// owns its operators and their TOTP steps.
import { z } from 'zod';
import { OPERATOR_ROLES } from '../../shared/backoffice/permissions.ts';
import type { Queryable } from '../db/pool.ts';
import { generatePassword, insertOperator, uniqueUsername } from '../backoffice/core/operators.ts';
import { newTotpSecret } from '../backoffice/core/totp.ts';

export const TestOperatorSchema = z.object({
  role: z.enum(OPERATOR_ROLES),
  /** Not enrolled yet: the first sign-in goes through the enrolment. */
  enrolled: z.boolean().default(true),
  displayName: z.string().min(1).max(32).optional(),
});

export interface TestOperator {
  id: number;
  username: string;
  password: string;
  /** Null when not enrolled. */
  totpSecret: string | null;
}

export async function createTestOperator(db: Queryable, input: z.infer<typeof TestOperatorSchema>): Promise<TestOperator> {
  const username = uniqueUsername(`op_${input.role.toLowerCase()}`).slice(0, 32);
  const password = generatePassword();
  const totpSecret = input.enrolled ? newTotpSecret() : null;
  const id = await insertOperator(db, {
    username,
    displayName: input.displayName ?? `测试${input.role}`,
    role: input.role,
    password,
    ...(totpSecret ? { totpSecret } : {}),
  });
  return { id, username, password, totpSecret };
}
