// Contacts shown back to their owner are masked: a stolen session (or a screen over a shoulder)
// should not yield the full phone number or e-mail address.

/** '13812345678' → '138****5678'. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** 'abcdef@example.com' → 'ab***@example.com'. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${email.slice(at)}`;
}
