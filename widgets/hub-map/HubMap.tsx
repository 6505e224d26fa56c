/**
 * The innovation hubs: a list of the five hubs grouped into Headquarters and
 * Future Sub-Headquarters (a side list on wide layouts, a button row on narrow
 * ones), a detail card, and an interactive US map with a marker per hub
 * (tooltip on hover and focus; the selected one maroon, the others black).
 * Choosing a hub in the list scrolls the map and its card into view, highlights
 * its marker and shows the card.
 * The list and card work before the map arrives and are its accessible
 * alternative; the map's code and geometry load when the widget nears the viewport.
 *
 * Element: `<spartan-hub-map>`.
 * @attr heading - heading above the widget (default "Our Innovation Hubs"; empty hides it)
 * @event spartan-hub-select - {name} of the chosen hub
 * @csspart hub-map - the whole widget
 * @csspart list - the grouped hub list
 * @csspart hub - each hub button in the list
 * @csspart map - the map area
 * @csspart details - the detail card
 * @cssprop --spartan-maroon - selected marker and hub
 * @cssprop --spartan-gold - states and accents
 * @cssprop --spartan-ink - markers and text
 * @cssprop --spartan-paper - card and list background
 */
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { HUBS, type Hub } from '../../content/hubs.ts';
import { scriptOrigin } from '../runtime/api-base.ts';
import { usePrefersReducedMotion } from '../runtime/motion.ts';
import { useWidgetStyles } from '../runtime/styles.ts';
import { STYLES } from './styles.ts';
import { isStatePaths } from './geometry.ts';
import { geoUrlFor, groupHubs } from './hub-logic.ts';
import type { MapViewProps } from './MapView.tsx';
import { useNearViewport } from './use-near-viewport.ts';
import { useRoot, type RootProps, type RootRefProp } from '../runtime/root-props.ts';
import { LIBRARY, ServerNotice, useServer } from '#spartan-server';

export interface HubMapProps extends RootProps {
  /** Heading above the widget; '' renders none (the page supplies its own). */
  heading?: string;
  /** The hubs; default the five of the specification. */
  hubs?: readonly Hub[];
  /** URL of the projected states (geometry.ts); default /widgets/geo/us-states-<hash>.json (geo-file.ts) on the SpartanProvider's server (the element: its script's). */
  geoUrl?: string;
  /**
   * The name of the hub shown (null for none), for a map the app controls: the map shows this
   * hub and reports a choice through `onHubSelect` without changing it. Without it the map keeps
   * its own choice.
   */
  selected?: string | null;
  /** Called with the name of the hub chosen in the list or on the map. */
  onHubSelect?: (name: string) => void;
}

type Loaded =
  | { status: 'error'; attempt: number }
  | {
      status: 'ready';
      attempt: number;
      View: ComponentType<MapViewProps>;
      geography: MapViewProps['geography'];
    };

export function HubMap(props: HubMapProps & RootRefProp<HTMLDivElement>) {
  const { heading = 'Our Innovation Hubs', hubs = HUBS, geoUrl, onHubSelect } = props;
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const root = useRoot(ref, 'spartan-root spartan-hub-map', props);
  const mainRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const detailsId = `${id}-details`;
  const reducedMotion = usePrefersReducedMotion();
  const [chosen, setSelected] = useState<string | null>(null);
  const selected = props.selected === undefined ? chosen : props.selected;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const near = useNearViewport(ref);
  // LIBRARY is a constant of each build: this hook runs on every render or on none.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const url = LIBRARY ? useServer('HubMap', geoUrl, true, geoUrlFor) : geoUrl;

  useEffect(() => {
    if (!near || (LIBRARY && url === undefined)) return;
    let live = true;
    // Code and geometry in parallel: no waterfall.
    Promise.all([
      import('./MapView.tsx'),
      fetch(url ?? geoUrlFor(scriptOrigin))
        .then((r) => {
          if (!r.ok) throw new Error(`${r.status}`);
          return r.json() as Promise<unknown>;
        })
        .then((geography) => {
          if (!isStatePaths(geography)) throw new Error('not the states geometry');
          return geography;
        }),
    ])
      .then(([mod, geography]) => {
        if (live) setLoaded({ status: 'ready', attempt, View: mod.MapView, geography });
      })
      .catch(() => {
        if (live) setLoaded({ status: 'error', attempt });
      });
    return () => {
      live = false;
    };
  }, [near, url, attempt]);

  // A choice asks for a scroll, made once the card shows the hub (its height changes with its
  // text): from the list, to the map and its card; from the map, to the card where it is below
  // the window's edge (a marker clicked on a wide screen), and not at all where it is in view.
  const [scrollAsked, setScrollAsked] = useState({ n: 0, from: 'list' as 'list' | 'map' });
  const choose = (name: string, from: 'list' | 'map') => {
    setSelected(name);
    onHubSelect?.(name);
    setScrollAsked(({ n }) => ({ n: n + 1, from }));
  };
  useEffect(() => {
    const main = mainRef.current;
    if (!scrollAsked.n || !main?.scrollIntoView) return;
    const behavior = reducedMotion ? 'auto' : 'smooth';
    const card = main.querySelector('[part="details"]');
    // The map and the hub's card together when they fit the window; otherwise the card, whose
    // text is the answer, with as much of the map above it as fits.
    if (scrollAsked.from === 'map') card?.scrollIntoView({ behavior, block: 'nearest' });
    else if (main.getBoundingClientRect().height <= window.innerHeight)
      main.scrollIntoView({ behavior, block: 'nearest' });
    else card?.scrollIntoView({ behavior, block: 'end' });
    // Only a new request scrolls, not a change of motion preference.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollAsked]);

  const hub = hubs.find((h) => h.name === selected);
  // A result from an earlier attempt (before "Try again") no longer counts.
  const map =
    loaded && (loaded.status === 'ready' || loaded.attempt === attempt)
      ? loaded
      : { status: near ? ('loading' as const) : ('idle' as const) };
  const groups = groupHubs(hubs);

  return (
    <div {...root} part="hub-map">
      {heading && <h2 className="spartan-hub-map__heading">{heading}</h2>}
      <div className="spartan-hub-map__layout">
        <div
          className="spartan-hub-map__list"
          part="list"
          role="group"
          aria-label="Innovation hubs"
        >
          {groups.map((group) => (
            <div key={group.heading} className="spartan-hub-map__group">
              <h3 className="spartan-hub-map__group-heading">{group.heading}</h3>
              <ul className="spartan-hub-map__hubs">
                {group.hubs.map((h) => (
                  <li key={h.name}>
                    <button
                      type="button"
                      className="spartan-hub-map__hub"
                      part="hub"
                      aria-current={h.name === selected ? 'true' : undefined}
                      aria-controls={detailsId}
                      onClick={() => choose(h.name, 'list')}
                    >
                      {h.name}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div ref={mainRef} className="spartan-hub-map__main">
          <div className="spartan-hub-map__map" part="map" data-state={map.status}>
            {map.status === 'ready' ? (
              <map.View
                hubs={hubs}
                geography={map.geography}
                selected={selected}
                onSelect={(name) => choose(name, 'map')}
                detailsId={detailsId}
              />
            ) : LIBRARY && url === undefined ? (
              <ServerNotice of="HubMap" />
            ) : map.status === 'error' ? (
              <p className="spartan-hub-map__frame spartan-hub-map__placeholder">
                The map could not be loaded; every hub is in the list.{' '}
                <button
                  type="button"
                  className="spartan-button"
                  onClick={() => setAttempt((n) => n + 1)}
                >
                  Try again
                </button>
              </p>
            ) : (
              <p className="spartan-hub-map__frame spartan-hub-map__placeholder" aria-hidden="true">
                Loading map…
              </p>
            )}
          </div>
          <section
            id={detailsId}
            className="spartan-hub-map__details"
            part="details"
            aria-label="Hub details"
            aria-live="polite"
            data-state={hub ? 'selected' : 'empty'}
          >
            {hub ? (
              <>
                <p className="spartan-hub-map__category">{hub.category}</p>
                <h3 className="spartan-hub-map__name">{hub.name}</h3>
                <p className="spartan-hub-map__info">{hub.info}</p>
              </>
            ) : (
              <p className="spartan-hub-map__hint">
                Choose a hub from the list or the map to see its details.
              </p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

export default HubMap;
