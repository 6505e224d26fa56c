/** A list's search box: by name or email; its text follows the address (back, Clear search). */
import { useId, useRef, useState, type FormEvent } from 'react';
import { FilterError } from './FilterForm.tsx';

export function ListSearch({
  q,
  error,
  onSearch,
  onClear,
}: {
  /** The search in the address. */
  q: string;
  /** The server's refusal of it, if any. */
  error: string | undefined;
  onSearch: (q: string) => void;
  onClear: () => void;
}) {
  const uid = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(q);
  // The box follows the URL when it changes (back, Clear search), not the other way round.
  const [urlQuery, setUrlQuery] = useState(q);
  if (urlQuery !== q) {
    setUrlQuery(q);
    setQuery(q);
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query.trim());
  };
  return (
    <form role="search" className="staff-search" onSubmit={onSubmit}>
      <label htmlFor={`${uid}-q`}>Search by name or email</label>
      <p id={`${uid}-q-hint`} className="staff-hint">
        One or two letters match the start of a name or email, three or more match anywhere; an
        email address matches emails that start with it.
      </p>
      <div className="staff-search__row">
        <input
          id={`${uid}-q`}
          ref={searchRef}
          type="search"
          className="staff-input"
          value={query}
          maxLength={100}
          aria-describedby={[`${uid}-q-hint`, error ? `${uid}-q-error` : '']
            .filter(Boolean)
            .join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        <button type="submit" className="button button--dark">
          Search
        </button>
        {q && (
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              onClear();
              // The button goes with the search: focus goes back to the box.
              searchRef.current?.focus();
            }}
          >
            Clear search
          </button>
        )}
      </div>
      {error && <FilterError id={`${uid}-q-error`} message={error} />}
    </form>
  );
}
