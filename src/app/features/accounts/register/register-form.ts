import type { RegisterBody, RegistrationContact } from '../../../../shared/api/accounts.ts';

export interface RegisterFormValues {
  username: string;
  password: string;
  confirmPassword: string;
  contact: { type: RegistrationContact['type']; value: string };
  ageConfirmed: boolean;
  agreementAccepted: boolean;
  captchaId: string;
  captcha: string;
}

export const EMPTY_REGISTER_FORM: RegisterFormValues = {
  username: '',
  password: '',
  confirmPassword: '',
  contact: { type: 'QQ', value: '' },
  ageConfirmed: false,
  agreementAccepted: false,
  captchaId: '',
  captcha: '',
};

/** What the configured captcha adds to the body: the picture's id and answer, or a reCAPTCHA token. */
export type CaptchaAnswer = { captchaId: string; captcha: string } | { recaptchaToken: string };

/** The request body: a blank contact is left out (it is optional). */
export function registerBody(values: RegisterFormValues, captcha: CaptchaAnswer): RegisterBody {
  const contactValue = values.contact.value.trim();
  return {
    username: values.username.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    ...(contactValue ? { contact: { type: values.contact.type, value: contactValue } } : {}),
    ageConfirmed: values.ageConfirmed as true,
    agreementAccepted: values.agreementAccepted as true,
    ...('recaptchaToken' in captcha ? { recaptchaToken: captcha.recaptchaToken } : { captchaId: captcha.captchaId, captcha: captcha.captcha.trim() }),
  };
}
