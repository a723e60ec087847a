// Shared validation rules of spec §5, the same in the PWA's forms and on the server. See README.md.
export { rules, type RuleName } from './rules.ts';
export { textRule, matches, optionalForm, charLength, type FieldRule, type TextCheck, type TextRuleSpec } from './field-rule.ts';
export { firstFailing, type Check } from './first-failing.ts';
export {
  requestText,
  isSafeText,
  isStorableText,
  safeTextCheck,
  unsupportedCharactersMessage,
  UNSUPPORTED_CHARACTERS_MESSAGE,
  type TextKind,
  type RequestTextOptions,
} from './safe-text.ts';
export { calendarDate, isCalendarDate, CALENDAR_DATE_MESSAGE, MIN_CALENDAR_YEAR } from './calendar-date.ts';
export { instant, isStorableInstant, MAX_INSTANT_YEAR } from './instant.ts';
export { required, requiredList, requiredMessage, requiredListMessage, isBlank } from './required.ts';
export { realNameRule } from './real-name.ts';
export { identical, identicalMessage, type IdenticalFields } from './identical.ts';
export { amountRule, amountProblem, type AmountRuleOptions } from './amount.ts';
export { readAmount, formatAmountPlain, type AmountInput } from './amount-text.ts';
export { passesLuhn } from './luhn.ts';
export {
  firstLoginSchema,
  phoneVerificationSchema,
  emailVerificationSchema,
  phoneCodeRequestSchema,
  emailCodeRequestSchema,
  VERIFICATION_CODE_MAX_LENGTH,
  CONTACT_REQUIRED_MESSAGE,
  AGREEMENT_REQUIRED_MESSAGE,
  MALFORMED_REQUEST_MESSAGE,
  type FirstLoginOptions,
  type FirstLoginPayload,
  type PhoneVerification,
  type EmailVerification,
} from './first-login.ts';
export {
  avatarFileProblem,
  avatarImageDataSchema,
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  AVATAR_CROPPER,
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  type AvatarFileInfo,
} from './avatar.ts';
export { storedBetMultiplierSchema, boardChipsSchema, BET_MULTIPLIER_LIMIT, BOARD_CHIP_SLOTS } from './preferences.ts';
export { firstError, fieldErrors, fieldErrorsFromIssues } from './errors.ts';
