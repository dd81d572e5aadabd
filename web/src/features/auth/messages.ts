// The sign-in pages' messages and the login form's rule: plain strings, so the pages without a schema load no zod.

export function validateLogin(email: string, password: string): string | null {
  return email.trim() && password ? null : 'Please enter both email and password.';
}

export const LOGIN_FAILED = 'Invalid email or password. Please try again.';
export const GOOGLE_LOGIN_FAILED = 'Google login failed. Please try again.';
export const GOOGLE_SIGNUP_FAILED = 'Google registration failed. Please try again.';
export const WELCOME_BACK = 'Welcome back!';
export const RESET_LINK_SENT = "If an account with that email exists, we've sent you a password reset link.";
