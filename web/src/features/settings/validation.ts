import { passwordChangeBodySchema, profileUpdateBodySchema } from '@kicksight/contracts/auth';
import { firstIssue, firstIssueByField } from '../../lib/form-issues.ts';

/** The settings forms' rules and messages (spec 3 §5, §8). */

export interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  /** Asked for when the email changes on an account with a password. */
  currentPassword: string;
}
export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;

/** Whether the form asks for a new email (the stored one is trimmed and lower-cased). */
export const changesEmail = (form: ProfileForm, savedEmail: string): boolean => form.email.trim().toLowerCase() !== savedEmail;

export function validateProfile(form: ProfileForm, saved?: { email: string; hasPassword: boolean }): ProfileErrors {
  const errors: ProfileErrors = {};
  const firstName = form.firstName.trim();
  if (!firstName) errors.firstName = 'First name is required';
  else if (firstName.length < 2) errors.firstName = 'First name must be at least 2 characters';
  const email = firstIssue(profileUpdateBodySchema.shape.email.safeParse(form.email));
  if (email) errors.email = email;
  if (saved?.hasPassword && changesEmail(form, saved.email) && !form.currentPassword) errors.currentPassword = 'Current password is required';
  return errors;
}

/** What the profile form sends: the name joined, the email trimmed and lowercased, the password where asked for. */
export function profilePayload(form: ProfileForm): { name: string; email: string; currentPassword?: string } {
  return {
    name: [form.firstName.trim(), form.lastName.trim()].filter(Boolean).join(' '),
    email: form.email.trim().toLowerCase(),
    ...(form.currentPassword && { currentPassword: form.currentPassword }),
  };
}

/** Splits a stored name into the form's first and last name (the first word, then the rest). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

export function validatePassword(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = firstIssueByField(passwordChangeBodySchema.safeParse({ currentPassword: form.currentPassword, newPassword: form.newPassword }));
  if (!form.confirmPassword) errors.confirmPassword = 'Please confirm your new password';
  else if (form.confirmPassword !== form.newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

interface ErrorLike {
  message?: string;
  code?: string;
}

export function profileErrorMessage(error: ErrorLike): string {
  if (error.code === 'EMAIL_EXISTS' || /email already exists/i.test(error.message ?? '')) return 'This email is already in use by another account';
  if (error.code === 'INVALID_CURRENT_PASSWORD') return 'Current password is incorrect';
  if (error.code === 'RECENT_SIGN_IN_REQUIRED' && error.message) return error.message;
  return 'Failed to update profile';
}

export function passwordErrorMessage(error: ErrorLike): string {
  if (error.code === 'INVALID_CURRENT_PASSWORD' || /current password is incorrect/i.test(error.message ?? '')) return 'Current password is incorrect';
  if (error.code === 'OAUTH_USER') return 'Cannot change password for Google OAuth users';
  return 'Failed to change password';
}
