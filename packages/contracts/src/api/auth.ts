import { z } from 'zod';
import { EMAIL_PATTERN } from '../text.ts';
import { DAY_MS } from '../time.ts';
import type { Operation } from './operation.ts';
import { positiveInt } from './query-params.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A Google account confirms account deletion by a sign-in at most this long ago. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export const roleSchema = z.enum(['member', 'admin']);
export const tierSchema = z.enum(['trial', 'premium', 'unlimited']);
/** What the user object shows: `admin` for admins, else the tier. */
export const membershipTierSchema = z.enum(['trial', 'premium', 'unlimited', 'admin']);
export const membershipStatusSchema = z.enum(['trial', 'active', 'cancelled', 'expired']);
export type MembershipTier = z.infer<typeof membershipTierSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  membershipTier: membershipTierSchema,
  avatarUrl: z.string().optional(),
  hasPassword: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Expiry of the access token, epoch milliseconds. */
  expiresAt: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const sessionSchema = z.object({ user: userSchema, tokens: tokensSchema });
export type Session = z.infer<typeof sessionSchema>;

/** A required string whose absence and emptiness read the same message. */
const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const email = (missing: string, invalid: string) => required(missing).toLowerCase().regex(EMAIL_PATTERN, invalid);

/** Registration rules 1 to 4, in order (confirmation and terms are the form's). */
export const registerBodySchema = z.object({
  name: required('Please enter your full name.').max(100, 'Name must be at most 100 characters.'),
  email: email('Please enter your email address.', 'Please enter a valid email address.').max(254, 'Please enter a valid email address.'),
  password: z
    .string({ error: 'Password must be at least 8 characters long.' })
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long.')
    .max(200, 'Password must be at most 200 characters.'),
});

// Every check carries its own message: a schema's `error` would otherwise answer for its length checks too.
export const loginBodySchema = z.object({
  email: required('Email and password are required').toLowerCase().max(254, 'Email must be at most 254 characters'),
  password: z.string({ error: 'Email and password are required' }).min(1, 'Email and password are required').max(200, 'Password must be at most 200 characters'),
});

export const refreshBodySchema = z.object({ refreshToken: required('No refresh token available').max(200, 'Refresh token must be at most 200 characters') });
export const logoutBodySchema = z.object({ refreshToken: z.string().max(200).optional() });
export const googleBodySchema = z.object({ code: required('No authorization code received').max(2048, 'Authorization code must be at most 2048 characters'), redirectUri: z.url().max(2048) });
/** What the web app needs to know of the server before anyone signs in (public). */
export const clientConfigSchema = z.object({
  /** Whether test sign-in (`POST /api/auth/test-login`) is on: in the end-to-end test runs only. */
  testLogin: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const testLoginBodySchema = z.object({ email: email('Please enter your email address.', 'Please enter a valid email address.') });
export const forgotPasswordBodySchema = z.object({ email: email('Please enter your email address.', 'Please enter a valid email address.') });
export const resetPasswordBodySchema = z.object({
  token: required('Invalid or expired link').max(200),
  password: z
    .string({ error: 'Password must be at least 8 characters long' })
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long')
    .max(200, 'Password must be at most 200 characters'),
});
export const verifyResetTokenQuerySchema = z.object({ token: z.string().max(200).default('') });

/** Settings > Profile: the name is first and last joined; the email trimmed and lowercased. */
export const profileUpdateBodySchema = z.object({
  name: required('First name is required').max(100, 'Name must be at most 100 characters'),
  email: email('Email is required', 'Please enter a valid email address').max(254, 'Please enter a valid email address'),
  /** Needed to change the email of an account with a password. */
  currentPassword: z.string().max(200).optional(),
});
/** `pendingEmail`: a new email waiting for the link sent to it; `emailNotifications`: whether optional emails are sent. */
export const profileSchema = z.object({ name: z.string(), email: z.string(), hasPassword: z.boolean(), emailNotifications: z.boolean(), pendingEmail: z.string().optional() });
/** The profile after an update: a new email waits for its confirmation link (`pendingEmail`) before it takes effect. */
export const updatedProfileSchema = z.object({ name: z.string(), email: z.string(), pendingEmail: z.string().optional() });

/** A new email takes effect once the link sent to it is opened within this time. */
export const EMAIL_CHANGE_CONFIRM_TTL_MS = DAY_MS;
/** The previous address can undo a change this long after it. */
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * DAY_MS;
export const emailChangeTokenBodySchema = z.object({ token: required('Invalid or expired link').max(200) });
export const EMAIL_CHANGE_CONFIRMED = 'Your email address is changed.';
export const EMAIL_CHANGE_UNDONE = 'Your previous email address is restored and every session is signed out. Choose a new password if you did not make the change.';

/** The stricter rule of the settings page. */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).+$/;
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const passwordChangeBodySchema = z.object({
  currentPassword: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(200, 'Password must be at most 200 characters'),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(1, 'New password is required')
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long')
    .max(200, 'Password must be at most 200 characters')
    .regex(STRONG_PASSWORD, 'Password must contain uppercase, lowercase, number, and special character'),
});

export const emailPreferencesBodySchema = z.object({ emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }) });
/** The password is required of an account that has one (a Google account confirms by a recent sign-in instead). */
export const deleteAccountBodySchema = z.object({ password: z.string({ error: 'password must be text' }).max(200, 'Password must be at most 200 characters').optional() });

export const apiKeyCreateBodySchema = z.object({ name: required('Please name the key').max(60, 'Key names are at most 60 characters') });
export const apiKeySchema = z.object({ id: z.string(), name: z.string(), prefix: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });

export const adminUsersQuerySchema = z.object({ limit: positiveInt('limit', 100, 10) });
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  membershipTier: membershipTierSchema,
  membershipStatus: membershipStatusSchema,
  createdAt: z.string(),
});

export const FORGOT_PASSWORD_CONFIRMATION = "If an account with that email exists, we've sent you a password reset link.";

const message = z.object({ message: z.string() });

export const authOperations: Operation[] = [
  { method: 'post', path: '/api/auth/register', summary: 'Create an account', tag: 'auth', access: 'public', status: 201, body: registerBodySchema, response: sessionSchema, errors: ['EMAIL_EXISTS'] },
  { method: 'post', path: '/api/auth/login', summary: 'Sign in with email and password', tag: 'auth', access: 'public', body: loginBodySchema, response: sessionSchema, errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED'] },
  { method: 'post', path: '/api/auth/google', summary: 'Sign in or up with a Google authorization code', tag: 'auth', access: 'public', body: googleBodySchema, response: sessionSchema, errors: ['GOOGLE_AUTH_FAILED'] },
  { method: 'get', path: '/api/config', summary: 'What the web app needs to know before anyone signs in: whether test sign-in is on', tag: 'auth', access: 'public', response: clientConfigSchema },
  { method: 'post', path: '/api/auth/test-login', summary: 'Sign in without a password (only where enabled)', tag: 'auth', access: 'public', body: testLoginBodySchema, response: sessionSchema },
  { method: 'post', path: '/api/auth/refresh', summary: 'Rotate the refresh token and issue a new access token', tag: 'auth', access: 'public', body: refreshBodySchema, response: z.object({ tokens: tokensSchema, user: userSchema }), errors: ['INVALID_REFRESH_TOKEN'] },
  { method: 'post', path: '/api/auth/logout', summary: 'Revoke a refresh token', tag: 'auth', access: 'public', body: logoutBodySchema, response: message },
  { method: 'get', path: '/api/auth/verify', summary: 'Check the access token', tag: 'auth', access: 'token', response: z.object({ user: userSchema }) },
  { method: 'get', path: '/api/auth/profile', summary: 'The signed-in user', tag: 'auth', access: 'token', response: userSchema },
  { method: 'get', path: '/api/auth/me', summary: 'The signed-in user, fresh from the store', tag: 'auth', access: 'token', response: userSchema },
  { method: 'post', path: '/api/auth/forgot-password', summary: 'Request a password reset link', tag: 'auth', access: 'public', body: forgotPasswordBodySchema, response: message },
  { method: 'post', path: '/api/auth/reset-password', summary: 'Set a new password with a reset token', tag: 'auth', access: 'public', body: resetPasswordBodySchema, response: message, errors: ['INVALID_RESET_TOKEN'] },
  { method: 'post', path: '/api/auth/confirm-email-change', summary: 'Confirm a new email address with the link sent to it', tag: 'auth', access: 'public', body: emailChangeTokenBodySchema, response: message, errors: ['INVALID_EMAIL_CHANGE_TOKEN', 'EMAIL_EXISTS'] },
  { method: 'post', path: '/api/auth/undo-email-change', summary: 'Restore the previous email address with the link sent to it (signs every session out)', tag: 'auth', access: 'public', body: emailChangeTokenBodySchema, response: message, errors: ['INVALID_EMAIL_CHANGE_TOKEN', 'EMAIL_EXISTS'] },
  { method: 'get', path: '/api/auth/verify-reset-token', summary: 'Whether a reset token is still valid', tag: 'auth', access: 'public', query: verifyResetTokenQuerySchema, response: z.object({ valid: z.boolean() }) },
  { method: 'get', path: '/api/user/profile', summary: 'Profile of the signed-in user', tag: 'user', access: 'token', response: profileSchema },
  {
    method: 'put',
    path: '/api/user/profile',
    summary: 'Update the name; a new email (with the current password, or a recent sign-in without one) takes effect once confirmed from the new address',
    tag: 'user',
    access: 'token',
    body: profileUpdateBodySchema,
    response: updatedProfileSchema,
    errors: ['EMAIL_EXISTS', 'INVALID_CURRENT_PASSWORD', 'RECENT_SIGN_IN_REQUIRED'],
  },
  { method: 'put', path: '/api/user/password', summary: 'Change the password', tag: 'user', access: 'token', body: passwordChangeBodySchema, response: message, errors: ['INVALID_CURRENT_PASSWORD', 'OAUTH_USER'] },
  { method: 'put', path: '/api/user/email-preferences', summary: 'Turn email notifications on or off', tag: 'user', access: 'token', body: emailPreferencesBodySchema, response: emailPreferencesBodySchema },
  { method: 'delete', path: '/api/user', summary: 'Delete the account and all its data', tag: 'user', access: 'token', body: deleteAccountBodySchema, response: message, errors: ['INVALID_CURRENT_PASSWORD', 'RECENT_SIGN_IN_REQUIRED'] },
  { method: 'get', path: '/api/user/api-keys', summary: 'Personal API keys', tag: 'user', access: 'token', response: z.array(apiKeySchema), errors: ['PREMIUM_FEATURE'] },
  { method: 'post', path: '/api/user/api-keys', summary: 'Create a personal API key (shown once)', tag: 'user', access: 'token', status: 201, body: apiKeyCreateBodySchema, response: createdApiKeySchema, errors: ['PREMIUM_FEATURE'] },
  { method: 'delete', path: '/api/user/api-keys/{id}', summary: 'Revoke a personal API key', tag: 'user', access: 'token', response: message },
  { method: 'get', path: '/api/admin/users', summary: 'Newest users', tag: 'admin', access: 'admin', query: adminUsersQuerySchema, response: z.object({ users: z.array(adminUserSchema) }) },
];
