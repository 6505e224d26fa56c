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
}
