/**
 * A pending login: one per e-mail address (a new request replaces it, voiding the earlier link and code).
 * Only keyed hashes of the link secret and the code are stored.
 */
export interface LoginChallengeDoc {
  id: string;
  docType: 'loginChallenge';
  email: string;
  tokenHash: string;
  codeHash: string;
  failedCodeAttempts: number;
  expiresAt: string;
  ttl: number;
}

export const CHALLENGE_LIFETIME_SECONDS = 15 * 60;
export const MAX_CODE_ATTEMPTS = 5;

/** The challenge of an address lives in its own partition of the auth container, under its own id. */
export const challengeId = (emailKey: string) => `login-${emailKey}`;
