import {
  CORE_PATHS,
  EnrolResponseSchema,
  SignedInSchema,
  SignInPasswordResponseSchema,
  type EnrolResponse,
  type SignedIn,
  type SignInPasswordBody,
  type SignInPasswordResponse,
} from '../../shared/backoffice/auth.ts';
import { boSend } from '../lib/api.ts';

export const signInWithPassword = (body: SignInPasswordBody): Promise<SignInPasswordResponse> =>
  boSend('POST', CORE_PATHS.signInPassword, body, SignInPasswordResponseSchema);

/** A TOTP code or a recovery code. */
export const signInWithCode = (code: string): Promise<SignedIn> => boSend('POST', CORE_PATHS.signInCode, { code }, SignedInSchema);

export const confirmEnrolment = (code: string): Promise<EnrolResponse> => boSend('POST', CORE_PATHS.signInEnrol, { code }, EnrolResponseSchema);
