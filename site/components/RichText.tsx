import type { RichText as RichTextValue } from '../../content/site.ts';

/** Renders rich text runs: plain strings, and emphasised runs in gold. */
export function RichText({ value }: { value: RichTextValue }) {
  return (
    <>
      {value.map((run, i) =>
        typeof run === 'string' ? (
          run
        ) : (
          <em key={i} className="rich-em">
            {run.em}
          </em>
        ),
      )}
    </>
  );
}
