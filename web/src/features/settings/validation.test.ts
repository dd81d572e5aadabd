import { describe, expect, it } from 'vitest';
import { passwordErrorMessage, profileErrorMessage, profilePayload, splitName, validatePassword, validateProfile } from './validation.ts';

const strong = 'Sneakers-123';

describe('profile validation', () => {
  it('requires a first name of at least 2 characters and a valid email; last name optional', () => {
    expect(validateProfile({ firstName: '', lastName: '', email: '', currentPassword: '' })).toEqual({ firstName: 'First name is required', email: 'Email is required' });
    expect(validateProfile({ firstName: ' A ', lastName: '', email: 'nope', currentPassword: '' })).toEqual({
      firstName: 'First name must be at least 2 characters',
      email: 'Please enter a valid email address',
    });
    expect(validateProfile({ firstName: 'Al', lastName: '', email: 'al@example.com', currentPassword: '' })).toEqual({});
  });

  it('sends the name joined and the email trimmed and lowercased', () => {
    expect(profilePayload({ firstName: ' Ada ', lastName: ' Lovelace ', email: '  Ada@Example.COM ', currentPassword: '' })).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(profilePayload({ firstName: 'Ada', lastName: '', email: 'a@b.co', currentPassword: '' }).name).toBe('Ada');
  });

  it('asks for the password to change the email of an account that has one, and sends it', () => {
    const saved = { email: 'ada@example.com', hasPassword: true };
    expect(validateProfile({ firstName: 'Ada', lastName: '', email: ' ADA@example.com ', currentPassword: '' }, saved)).toEqual({});
    expect(validateProfile({ firstName: 'Ada', lastName: '', email: 'new@example.com', currentPassword: '' }, saved)).toEqual({ currentPassword: 'Current password is required' });
    expect(validateProfile({ firstName: 'Ada', lastName: '', email: 'new@example.com', currentPassword: '' }, { ...saved, hasPassword: false })).toEqual({});
    expect(profilePayload({ firstName: 'Ada', lastName: '', email: 'new@example.com', currentPassword: 'Sneakers-123' })).toEqual({ name: 'Ada', email: 'new@example.com', currentPassword: 'Sneakers-123' });
    expect(profileErrorMessage({ code: 'INVALID_CURRENT_PASSWORD', message: 'Current password is incorrect' })).toBe('Current password is incorrect');
  });

  it('splits a stored name into first and last', () => {
    expect(splitName('Ada King Lovelace')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
  });
});

describe('password change validation', () => {
  it('requires every field', () => {
    expect(validatePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
  });

  it('checks length before strength, and the confirmation last', () => {
    expect(validatePassword({ currentPassword: 'x', newPassword: 'Ab1!', confirmPassword: 'Ab1!' }).newPassword).toBe('Password must be at least 8 characters long');
    for (const weak of ['alllowercase1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12'])
      expect(validatePassword({ currentPassword: 'x', newPassword: weak, confirmPassword: weak }).newPassword).toBe('Password must contain uppercase, lowercase, number, and special character');
    expect(validatePassword({ currentPassword: 'x', newPassword: strong, confirmPassword: 'Sneakers-124' })).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validatePassword({ currentPassword: 'x', newPassword: strong, confirmPassword: strong })).toEqual({});
  });
});

describe('server errors', () => {
  it('maps a taken email and anything else on the profile', () => {
    expect(profileErrorMessage({ code: 'EMAIL_EXISTS', message: 'x' })).toBe('This email is already in use by another account');
    expect(profileErrorMessage({ code: 'CONFLICT', message: 'An account with this email already exists' })).toBe('This email is already in use by another account');
    expect(profileErrorMessage({ code: 'INTERNAL', message: 'boom' })).toBe('Failed to update profile');
  });

  it('maps a wrong current password, a Google account and anything else on the password', () => {
    expect(passwordErrorMessage({ code: 'INVALID_CURRENT_PASSWORD' })).toBe('Current password is incorrect');
    expect(passwordErrorMessage({ message: 'Current password is incorrect' })).toBe('Current password is incorrect');
    expect(passwordErrorMessage({ code: 'OAUTH_USER' })).toBe('Cannot change password for Google OAuth users');
    expect(passwordErrorMessage({ code: 'INTERNAL' })).toBe('Failed to change password');
  });
});
