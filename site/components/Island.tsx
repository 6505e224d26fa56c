/**
 * A below-the-fold island: its HTML is prerendered, but its code loads only when
 * it comes near the viewport (or at once after a client-side navigation), so it
 * costs nothing on the page's first load.
 *
 * The island is not part of the page's component tree until it loads: the
 * prerenderer renders it separately and puts its HTML in the island's wrapper
 * (see `renderIslands`), and hydration keeps that markup untouched (preact
 * leaves innerHTML alone while hydrating). Once loaded, the component renders
 * fresh in its place. Hook ids (useId) of the page stay the same on both sides.
 *
 * A visitor can reach the prerendered markup before its code (a slow connection, a quick Tab):
 * focus or a click inside it loads the code at once, and once it has rendered, focus goes to
 * the same control in the new markup, which a button's click then reaches too.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useRenderState, type PendingIsland } from '../render-state.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export interface IslandLoader {
  load: () => Promise<AnyComponent>;
  /** Set once loaded. */
  loaded: AnyComponent | null;
}

/** Declares an island's loader (module scope). */
export function island(load: () => Promise<AnyComponent>): IslandLoader {
  const entry: IslandLoader = {
    load: () => load().then((c) => (entry.loaded = c)),
    loaded: null,
  };
  return entry;
}

export interface IslandProps {
  /** Unique id of the island's wrapper in the page. */
  id: string;
  loader: IslandLoader;
  props?: Record<string, unknown>;
  className?: string;
}

const marker = (id: string) => `<!--island:${id}-->`;

/** An id of preact's useId (see renderIslands). */
export const PREACT_ID = /\bP(\d+)-(\d+)\b/g;

/**
 * Prerendering: puts each island met during the page's render into its wrapper,
 * rendered by `renderToString` on its own, with its hook ids prefixed by the island's id.
 *
 * Why the ids are rewritten, and why nothing public does it: preact's useId numbers ids with a
 * counter per render root (`P<root>-<n>`, preact/hooks' useId). An island rendered inside the
 * page's tree would take numbers from the page's counter, so every id after it would differ
 * from the browser's, where the island's component is not rendered while the page hydrates; so
 * it is rendered as a root of its own, whose ids start again at `P0-0` and would repeat the
 * page's. preact-render-to-string has no option to prefix them (React's `identifierPrefix` has
 * no preact counterpart), so the island's markup gets `<island id>-` in place of `P`.
 * Island.test.ts fails if preact's format changes. The island's ids are needed only in the
 * prerendered markup: once its code loads, it renders fresh with the browser's own ids.
 */
export async function renderIslands(
  html: string,
  islands: readonly PendingIsland[],
  renderToString: (component: AnyComponent, props: Record<string, unknown>) => string,
): Promise<string> {
  let out = html;
  for (const { id, load, props } of islands) {
    const component = await load();
    const inner = renderToString(component, props).replace(PREACT_ID, `${id}-$1-$2`);
    out = out.replace(marker(id), () => inner);
  }
  return out;
}

const CONTROL = 'a[href], button, input, select, textarea, [tabindex]';

/** Which control of an island an element is: the same in its prerendered and rendered markup. */
interface ControlKey {
  /** Its tag and its accessible text, as far as the markup gives it. */
  signature: string;
  /** How many controls before it in the island share its signature. */
  nth: number;
}

const signatureOf = (el: Element) =>
  `${el.tagName}|${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;

/** The island's controls with that signature, in order. */
const controlsLike = (island: Element, signature: string) =>
  [...island.querySelectorAll<HTMLElement>(CONTROL)].filter((c) => signatureOf(c) === signature);

function keyOf(island: Element, target: EventTarget | null): ControlKey | null {
  const control = target instanceof Element ? target.closest(CONTROL) : null;
  if (!control || !island.contains(control)) return null;
  const signature = signatureOf(control);
  return { signature, nth: controlsLike(island, signature).indexOf(control as HTMLElement) };
}

const controlFor = (island: Element, key: ControlKey): HTMLElement | null =>
  controlsLike(island, key.signature)[key.nth] ?? null;

export function Island({ id, loader, props = {}, className }: IslandProps) {
  const ref = useRef<HTMLDivElement>(null);
  /** The control focused, and the button clicked, in the markup before the code came. */
  const early = useRef<{ focus: ControlKey | null; click: ControlKey | null }>({
    focus: null,
    click: null,
  });
  const renderState = useRenderState();
  const [Component, setComponent] = useState<AnyComponent | null>(() =>
    renderState ? null : loader.loaded,
  );
  // The prerendered markup, kept until the code is loaded; prerendering, a marker its HTML
  // replaces once the page is rendered.
  const [html] = useState(() => {
    if (!renderState) return document.getElementById(id)?.innerHTML ?? '';
    renderState.islands.push({ id, load: async () => loader.loaded ?? loader.load(), props });
    return marker(id);
  });

  useEffect(() => {
    if (Component) return;
    let started = false;
    /** The rendered markup is on its way: the focused control's removal is no blur. */
    let replacing = false;
    const load = () => {
      if (started) return;
      started = true;
      void loader.load().then((c) => {
        replacing = true;
        setComponent(() => c);
      });
    };
    const el = ref.current;
    if (!html || !el || typeof IntersectionObserver === 'undefined') return load();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load();
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    const onFocusIn = (event: FocusEvent) => {
      early.current.focus = keyOf(el, event.target);
      load();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!replacing && !el.contains(event.relatedTarget as Node | null)) {
        early.current.focus = null;
      }
    };
    // A link works without the code; a button's click is kept for the rendered one.
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button) early.current.click = keyOf(el, button);
      load();
    };
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    el.addEventListener('click', onClick);
    return () => {
      observer.disconnect();
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
      el.removeEventListener('click', onClick);
    };
  }, [Component, html, loader]);

  // The rendered markup has replaced the one the visitor was in: focus and a click carry over.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!Component || !el) return;
    const { focus, click } = early.current;
    early.current = { focus: null, click: null };
    const lost = !document.activeElement || document.activeElement === document.body;
    if (focus && lost) controlFor(el, focus)?.focus();
    if (click) controlFor(el, click)?.click();
  }, [Component]);

  if (Component) {
    return (
      <div ref={ref} id={id} className={className}>
        <Component {...props} />
      </div>
    );
  }
  return <div ref={ref} id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
