import { registerBodySchema, resetPasswordBodySchema } from '@kicksight/contracts/auth';
import { firstIssue } from '../../lib/form-issues.ts';

export interface Registration {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}

/** The registration rules of spec 1 §5, checked in order; the first failure is shown (rules 1 to 4 are the API's own schema). */
export function validateRegistration(form: Registration): string | null {
  const body = firstIssue(registerBodySchema.safeParse({ name: form.name, email: form.email, password: form.password }));
  if (body) return body;
  if (form.confirmPassword !== form.password) return 'Passwords do not match.';
  if (!form.acceptedTerms) return 'Please accept the Terms of Service and Privacy Policy.';
  return null;
}

/** The reset-password rules: the two passwords match, and are at least 8 characters. */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (password !== confirm) return 'Passwords do not match';
  return firstIssue(resetPasswordBodySchema.shape.password.safeParse(password));
}
