import { firstLoginSchemaFor } from '../../../../shared/api/accounts.ts';
import type { CurrentCustomer } from '../../../../shared/api/session.ts';
import { identicalMessage, type FirstLoginPayload } from '../../../../shared/validation/index.ts';
import { schemaResolver, type FormErrors } from '@mantine/form';

export type FirstLoginVariant = 'link' | 'manual';

/** Spec §4: by link when the customer came through a registration link, else by manual. */
export function firstLoginVariant(customer: Pick<CurrentCustomer, 'registrationLinkId'>): FirstLoginVariant {
  return customer.registrationLinkId ? 'link' : 'manual';
}

export interface FirstLoginFormValues {
  newPassword: string;
  confirmPassword: string;
  phoneVerification: { phone: string; verificationCode: string };
  emailVerification: { email: string; verificationCode: string };
  agreementAccepted: boolean;
}

export const EMPTY_FIRST_LOGIN_FORM: FirstLoginFormValues = {
  newPassword: '',
  confirmPassword: '',
  phoneVerification: { phone: '', verificationCode: '' },
  emailVerification: { email: '', verificationCode: '' },
  agreementAccepted: false,
};

type Customer = Pick<CurrentCustomer, 'registrationLinkId' | 'firstLoginContactRequired'>;

/** The server's own schema for this customer, plus the confirmation of a typed new password. */
export function firstLoginValidator(customer: Customer): (values: FirstLoginFormValues) => FormErrors {
  const resolve = schemaResolver(firstLoginSchemaFor(customer), { sync: true });
  return (values) => {
    const errors = resolve(firstLoginPayload(values, firstLoginVariant(customer)));
    if (values.newPassword && !errors.newPassword && values.confirmPassword !== values.newPassword) {
      errors.confirmPassword = identicalMessage('密码');
    }
    return errors;
  };
}

const trimmed = <T extends Record<string, string>>(group: T): T =>
  Object.fromEntries(Object.entries(group).map(([key, value]) => [key, value.trim()])) as T;
const isBlankGroup = (group: Record<string, string>) => Object.values(group).every((value) => value.trim() === '');

/** The body of `PUT /ajax/first-login`: blank groups left out, the agreement only in the manual variant. */
export function firstLoginPayload(values: FirstLoginFormValues, variant: FirstLoginVariant): FirstLoginPayload {
  return {
    newPassword: values.newPassword,
    ...(isBlankGroup(values.phoneVerification) ? {} : { phoneVerification: trimmed(values.phoneVerification) }),
    ...(isBlankGroup(values.emailVerification) ? {} : { emailVerification: trimmed(values.emailVerification) }),
    ...(variant === 'manual' ? { agreementAccepted: values.agreementAccepted } : {}),
  };
}
