/** Any unknown path: Page Not Found, and Go Home, which goes back one step in history. */
import { goBack } from '../go-back.ts';

export function NotFoundPage() {
  return (
    <div className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-intro__title">Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <button type="button" className="button button--gold" onClick={goBack}>
        Go Home
      </button>
    </div>
  );
}
