// The signed-in operator as the back-office UI sees it: GET /ajax/backoffice/session.
import { z } from 'zod';
import { OPERATOR_ROLES, PERMISSIONS, type Permission } from './permissions.ts';

export const BACKOFFICE_API = '/ajax/backoffice';

export const OperatorViewSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
  permissions: z.array(z.enum(PERMISSIONS as [Permission, ...Permission[]])),
});
export type OperatorView = z.infer<typeof OperatorViewSchema>;

/** `operator` is null when there is no complete operator session (signed out, or second factor pending). */
export const OperatorSessionSchema = z.object({ operator: OperatorViewSchema.nullable() });
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;
