/** What the login form shows for a failed login (docs/PRODUCT.md, "Failure messages"). */
export const LOGIN_PAGE_FALLBACK = 'Invalid credentials. Please try again.';

export function loginErrorText(error: unknown): string {
  return typeof error === 'string' && error ? error : LOGIN_PAGE_FALLBACK;
}
