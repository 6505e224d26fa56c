/** The view's exports: CSV, and for a kind with resumes a zip of them (every page, same filters). */
import { useState } from 'react';
import type { ListFilters } from '../data/applications.ts';
import { EXPORTS, exportView } from '../data/files.ts';
import { KINDS, type Kind } from '../kinds.ts';

export function ListExports({
  kind,
  filters,
  refused,
}: {
  kind: Kind;
  filters: ListFilters;
  /** The server refused this view's filters: it cannot be exported either. */
  refused: boolean;
}) {
  const [exporting, setExporting] = useState<{ busy: string; error: string | null }>({
    busy: '',
    error: null,
  });
  const onExport = async (format: keyof typeof EXPORTS) => {
    setExporting({ busy: format, error: null });
    try {
      await exportView(kind, format, filters);
      setExporting({ busy: '', error: null });
    } catch (error) {
      setExporting({ busy: '', error: (error as Error).message });
    }
  };
  return (
    <div className="staff-exports">
      {(Object.keys(EXPORTS) as Array<keyof typeof EXPORTS>)
        .filter((format) => format === 'csv' || KINDS[kind].resume)
        .map((format) => (
          <button
            key={format}
            type="button"
            className="button button--outline staff-button--small"
            // A view the server refused cannot be exported either: its filters come first.
            disabled={exporting.busy !== '' || refused}
            onClick={() => void onExport(format)}
          >
            {exporting.busy === format ? 'Preparing…' : `Export ${EXPORTS[format].label}`}
            <span className="spartan-visually-hidden"> of this view</span>
          </button>
        ))}
      <span className="staff-status" role="status">
        {exporting.busy ? 'Preparing the export…' : ''}
      </span>
      {exporting.error && (
        <p className="staff-error" role="alert">
          {exporting.error}
        </p>
      )}
    </div>
  );
}
