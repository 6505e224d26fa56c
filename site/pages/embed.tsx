/**
 * `/embed`: the embed builder for partners. Choose a widget, set its attributes and theme
 * colours, see the real element (its script-tag bundle from /widgets, as a partner page loads
 * it) follow every change, and copy the snippet for any page or for a React app.
 */
import { createElement, useEffect, useId, useState } from 'react';
import '../embed/embed.css';
import {
  ATTRIBUTE_HINTS,
  EMBED_WIDGETS,
  THEME_COLOURS,
  attributesOf,
  htmlSnippet,
  reactSnippet,
  type EmbedChoice,
  type ThemeProperty,
} from '../embed/snippets.ts';
import { PageIntro } from '../components/PageIntro.tsx';

type Status = 'loading' | 'ready' | 'failed';

/**
 * Loads each element's own bundle from this server once, as a partner page does. The snippets
 * name this server's origin, known once the page runs in a browser.
 */
function useElementBundle(tag: string): { status: Status; origin: string } {
  const [loaded, setLoaded] = useState<Record<string, Status>>({});
  const [origin, setOrigin] = useState('');
  useEffect(() => {
    let live = true;
    const done = (status: Status) => {
      if (!live) return;
      setOrigin(location.origin);
      setLoaded((l) => ({ ...l, [tag]: status }));
    };
    import(/* @vite-ignore */ `/widgets/${tag}.js`).then(
      () => done('ready'),
      () => done('failed'),
    );
    return () => {
      live = false;
    };
  }, [tag]);
  return { status: loaded[tag] ?? 'loading', origin };
}

function CopyBlock({ title, code, id }: { title: string; code: string; id: string }) {
  const [note, setNote] = useState('');
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => setNote(`${title} copied.`),
      () => setNote('Copying was refused: select the text and copy it yourself.'),
    );
  return (
    <section className="embed-snippet" aria-labelledby={`${id}-h`}>
      <div className="embed-snippet__bar">
        <h3 id={`${id}-h`}>{title}</h3>
        <button type="button" className="button button--dark" onClick={() => void copy()}>
          Copy <span className="spartan-visually-hidden">{title.toLowerCase()}</span>
        </button>
      </div>
      <pre className="embed-snippet__code" aria-labelledby={`${id}-h`}>
        <code id={id}>{code}</code>
      </pre>
      <p className="embed-snippet__note" role="status">
        {note}
      </p>
    </section>
  );
}

export function EmbedPage() {
  const uid = useId();
  const [tag, setTag] = useState(EMBED_WIDGETS[0]!.tag);
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const [theme, setTheme] = useState<Partial<Record<ThemeProperty, string>>>({});
  const { status, origin } = useElementBundle(tag);

  const widget = EMBED_WIDGETS.find((w) => w.tag === tag) ?? EMBED_WIDGETS[0]!;
  const choice: EmbedChoice = { widget, attributes, theme };
  const names = attributesOf(tag);
  const elementProps: Record<string, unknown> = { key: tag };
  for (const name of names) {
    const value = (attributes[name] ?? '').trim();
    if (value) elementProps[name] = value;
  }
  // Set through the CSSOM (the site's CSP allows no style attribute in markup).
  if (Object.keys(theme).length) elementProps.style = { ...theme };

  return (
    <div className="page embed-page">
      <PageIntro title="Embed Our Widgets" eyebrow="For partners">
        <p>
          Put the Spartans counter, banner, videos, map or forms on your own site with one script
          tag, or in a React app with the <code>spartan-platform</code> package. Choose a widget,
          set it up, and copy the snippet.
        </p>
      </PageIntro>
      <div className="embed-builder">
        <form className="embed-builder__settings" onSubmit={(e) => e.preventDefault()}>
          <div className="embed-field">
            <label htmlFor={`${uid}-widget`}>Widget</label>
            <select
              id={`${uid}-widget`}
              value={tag}
              onChange={(e) => {
                setTag(e.currentTarget.value as typeof tag);
                setAttributes({});
              }}
            >
              {EMBED_WIDGETS.map((w) => (
                <option key={w.tag} value={w.tag}>
                  {w.name}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="embed-fieldset">
            <legend>Attributes</legend>
            {names.map((name) => {
              const id = `${uid}-attr-${name}`;
              const set = (value: string) => setAttributes((a) => ({ ...a, [name]: value }));
              return (
                <div className="embed-field" key={`${tag}-${name}`}>
                  <label htmlFor={id}>
                    <code>{name}</code>
                  </label>
                  {name === 'layout' ? (
                    <select
                      id={id}
                      value={attributes[name] ?? ''}
                      onChange={(e) => set(e.currentTarget.value)}
                      aria-describedby={`${id}-hint`}
                    >
                      <option value="">carousel (default)</option>
                      <option value="grid">grid</option>
                    </select>
                  ) : (
                    <input
                      id={id}
                      type="text"
                      value={attributes[name] ?? ''}
                      onInput={(e) => set(e.currentTarget.value)}
                      aria-describedby={`${id}-hint`}
                      spellCheck={false}
                      autoComplete="off"
                    />
                  )}
                  <p className="embed-field__hint" id={`${id}-hint`}>
                    {ATTRIBUTE_HINTS[name] ?? ''}
                  </p>
                </div>
              );
            })}
          </fieldset>
          <fieldset className="embed-fieldset">
            <legend>Theme colours</legend>
            {THEME_COLOURS.map(({ property, label, value }) => {
              const id = `${uid}-${property}`;
              return (
                <div className="embed-field embed-field--colour" key={property}>
                  <input
                    id={id}
                    type="color"
                    value={theme[property] ?? value}
                    onInput={(e) => {
                      const next = e.currentTarget.value;
                      setTheme((t) => {
                        const rest = { ...t };
                        delete rest[property];
                        return next.toLowerCase() === value ? rest : { ...rest, [property]: next };
                      });
                    }}
                  />
                  <label htmlFor={id}>
                    {label} <code>{property}</code>
                  </label>
                </div>
              );
            })}
            <button
              type="button"
              className="button button--outline"
              onClick={() => setTheme({})}
              disabled={!Object.keys(theme).length}
            >
              Default colours
            </button>
          </fieldset>
        </form>
        <section className="embed-builder__preview" aria-labelledby={`${uid}-preview`}>
          <h2 id={`${uid}-preview`}>Preview</h2>
          <p className="embed-builder__status" role="status">
            {status === 'loading'
              ? `Loading the ${widget.name.toLowerCase()}…`
              : status === 'failed'
                ? 'The widget could not be loaded. Check your connection and choose it again.'
                : ''}
          </p>
          <div className="embed-builder__stage">{createElement(tag, elementProps)}</div>
        </section>
      </div>
      <h2 className="section__title">Your snippets</h2>
      <div className="embed-snippets">
        <CopyBlock title="HTML snippet" code={htmlSnippet(origin, choice)} id={`${uid}-html`} />
        <CopyBlock title="React snippet" code={reactSnippet(origin, choice)} id={`${uid}-react`} />
      </div>
      <p className="embed-page__more">
        The React components need <code>npm install spartan-platform</code> (React 18 or 19). Every
        attribute, event, part and custom property is listed in{' '}
        <a href="/custom-elements.json">custom-elements.json</a>.
      </p>
    </div>
  );
}
