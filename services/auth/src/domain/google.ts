import type { Request, Response } from 'express';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import passport from 'passport';
import { AppError } from '@kicksight/platform';
import type { GoogleIdentity } from './accounts.ts';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizationURL: string;
  tokenURL: string;
  userProfileURL: string;
}

const STRATEGY = 'google';
const FAILED = 'Google login failed. Please try again.';

/**
 * Exchanges a Google authorization code (from the sign-in popup) for the user's identity, through
 * passport's Google strategy; the endpoints come from config so any OAuth2 server can stand in.
 */
export function createGoogleSignIn(config: GoogleConfig) {
  const authenticator = new passport.Passport();
  if (config.clientId) authenticator.use(
    STRATEGY,
    new GoogleStrategy(
      {
        clientID: config.clientId,
        clientSecret: config.clientSecret,
        authorizationURL: config.authorizationURL,
        tokenURL: config.tokenURL,
        userProfileURL: config.userProfileURL,
        callbackURL: '/auth/callback',
        scope: ['openid', 'email', 'profile'],
      },
      (_accessToken: string, _refreshToken: string, profile: Profile, done: (err: unknown, user?: GoogleIdentity | false) => void) => {
        const email = profile.emails?.[0];
        if (!email?.value) return done(null, false);
        const json = profile._json as { email_verified?: boolean | string };
        done(null, {
          sub: profile.id,
          email: email.value.toLowerCase(),
          emailVerified: email.verified === true || json.email_verified === true || json.email_verified === 'true',
          name: profile.displayName,
          avatarUrl: profile.photos?.[0]?.value,
        });
      },
    ),
  );

  return {
    enabled: config.clientId !== '',
    /** Resolves the identity behind `code`, which the provider issued for `redirectUri`. */
    identify(req: Request, res: Response, code: string, redirectUri: string): Promise<GoogleIdentity> {
      if (!config.clientId) return Promise.reject(AppError.unavailable('Google sign-in is not configured'));
      // The strategy reads the code from the query string of a callback request.
      const callback = Object.create(req, { query: { value: { code } } }) as Request;
      return new Promise((resolve, reject) => {
        // passport-oauth2 reads `callbackURL` from the options to send the redirect URI the code was issued for.
        const options = { session: false, callbackURL: redirectUri } as passport.AuthenticateOptions;
        authenticator.authenticate(STRATEGY, options, (err: unknown, identity: GoogleIdentity | false) => {
          if (err || !identity) reject(AppError.unauthorized(FAILED, 'GOOGLE_AUTH_FAILED'));
          else resolve(identity);
        })(callback, res, (err: unknown) => reject(err ?? AppError.unauthorized(FAILED, 'GOOGLE_AUTH_FAILED')));
      });
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
