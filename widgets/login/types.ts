/** The login's data shapes, apart from its validation so that their types need no schema library. */
export interface AuthUser {
  id: string | number;
  username: string;
  role: string;
  name: string;
}

export interface LoginCredentials {
  username: string;
  password: string;
}

export interface LoginResult {
  access: string;
  user: AuthUser | null;
  /** After a first two-factor set-up: the recovery codes, shown once. */
  recoveryCodes?: string[];
}

/** A login that needs one more step: a code, a two-factor set-up, or a new password. */
export interface LoginStep {
  kind: 'mfa' | 'setup' | 'password';
  /** The server's opaque token for this login, valid a few minutes. */
  challenge: string;
  /** Set-up only: the key to type by hand, and its QR code as an SVG document. */
  secret?: string | undefined;
  qrSvg?: string | undefined;
}

/** The next call of a login under way: a step's path and its fields. */
export interface LoginContinuation {
  path: string;
  body: Record<string, string>;
}

export type LoginRequest = LoginCredentials | LoginContinuation;
export type LoginOutcome = LoginResult | LoginStep;
