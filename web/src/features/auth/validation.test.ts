import { describe, expect, it } from 'vitest';
import { validateLogin } from './messages.ts';
import { validateNewPassword, validateRegistration, type Registration } from './validation.ts';

const valid: Registration = { name: 'Ana Lima', email: 'ana@example.com', password: 'longenough', confirmPassword: 'longenough', acceptedTerms: true };

describe('registration validation (spec 1 §5, in order)', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toBeNull();
  });

  it('shows the first failure in the spec order', () => {
    const everythingWrong: Registration = { name: ' ', email: '', password: 'short', confirmPassword: 'other', acceptedTerms: false };
    expect(validateRegistration(everythingWrong)).toBe('Please enter your full name.');
    expect(validateRegistration({ ...everythingWrong, name: 'Ana' })).toBe('Please enter your email address.');
    expect(validateRegistration({ ...everythingWrong, name: 'Ana', email: 'ana@nowhere' })).toBe('Please enter a valid email address.');
    expect(validateRegistration({ ...everythingWrong, name: 'Ana', email: 'ana@example.com' })).toBe('Password must be at least 8 characters long.');
    expect(validateRegistration({ ...everythingWrong, name: 'Ana', email: 'ana@example.com', password: '12345678' })).toBe('Passwords do not match.');
    expect(validateRegistration({ ...valid, acceptedTerms: false })).toBe('Please accept the Terms of Service and Privacy Policy.');
  });

  it('counts exactly 8 characters as long enough', () => {
    expect(validateRegistration({ ...valid, password: '12345678', confirmPassword: '12345678' })).toBeNull();
    expect(validateRegistration({ ...valid, password: '1234567', confirmPassword: '1234567' })).toBe('Password must be at least 8 characters long.');
  });
});

describe('login and reset validation', () => {
  it('needs both email and password to sign in', () => {
    expect(validateLogin('', 'x')).toBe('Please enter both email and password.');
    expect(validateLogin('a@example.com', '')).toBe('Please enter both email and password.');
    expect(validateLogin('a@example.com', 'x')).toBeNull();
  });

  it('checks that the new passwords match, then their length', () => {
    expect(validateNewPassword('short', 'other')).toBe('Passwords do not match');
    expect(validateNewPassword('short', 'short')).toBe('Password must be at least 8 characters long');
    expect(validateNewPassword('longenough', 'longenough')).toBeNull();
  });
});
