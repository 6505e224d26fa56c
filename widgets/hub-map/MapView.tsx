/**
 * The drawn map, loaded on demand (its own chunk: react-simple-maps, d3-geo,
 * d3-zoom): the states in geoAlbersUsa at 980 × 600, zoom 1 to 8 by wheel,
 * drag and the zoom buttons, and one focusable marker per hub with a tooltip
 * on hover and focus. States are decoration here and never take focus.
 *
 * The states come projected from the build (scripts/build-geo.ts, the same
 * projection ComposableMap sets up here) and are drawn as plain paths, created
 * once per geometry: a first draw, a zoom step or a hover re-renders none of
 * them. Only the five markers are projected in the browser.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import {
  ComposableMap,
  Marker,
  ZoomableGroup,
  useMapContext,
  useZoomPanContext,
} from 'react-simple-maps';
import { MAP } from '../../content/constants.ts';
import type { Hub } from '../../content/hubs.ts';
import { useWidgetStyles } from '../runtime/styles.ts';
import type { StatePaths } from './geometry.ts';
import { overlayPosition, stepZoom, type ZoomTransform } from './hub-logic.ts';
import mapViewCss from './map-view.css?inline';

export interface MapViewProps {
  hubs: readonly Hub[];
  /** The states, projected for this map (see geometry.ts). */
  geography: StatePaths;
  selected: string | null;
  onSelect: (name: string) => void;
  /** Id of the detail card, which the markers control. */
  detailsId: string;
}

type Project = (point: [number, number]) => [number, number] | null;

/** Reports the current pan / zoom and the projection to the HTML overlay outside the SVG. */
function TransformSpy({ onChange }: { onChange: (t: ZoomTransform, project: Project) => void }) {
  const { x, y, k } = useZoomPanContext();
  const { projection } = useMapContext();
  useEffect(() => {
    onChange({ x, y, k }, (p) => projection(p) ?? null);
  }, [x, y, k, projection, onChange]);
  return null;
}

const HIDE_DELAY_MS = 120;
const STYLES = [mapViewCss];
/**
 * Drawn at least this wide, pins are at their natural size; narrower, they are enlarged. At this
 * width a marker's 28-unit hit circle measures 26 px, over the 24 px a target needs.
 */
const PIN_REFERENCE_WIDTH = 920;
// geoAlbersUsa puts this point at the middle of the map: the unzoomed, unpanned view.
const HOME = { center: [-96.6, 38.7] as [number, number], zoom: MAP.minZoom };

export function MapView({ hubs, geography, selected, onSelect, detailsId }: MapViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const [position, setPosition] = useState<{ center: [number, number]; zoom: number }>(HOME);
  const [view, setView] = useState<{ t: ZoomTransform; project: Project } | null>(null);
  const [tip, setTip] = useState<string | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onView = useCallback((t: ZoomTransform, project: Project) => setView({ t, project }), []);
  // The same elements every render, so re-renders (zoom, pan, tooltip, selection) skip them.
  // No tabIndex: unlike react-simple-maps' Geography (issue #276), states are no tab stops.
  const states = useMemo(
    () =>
      geography.states.map((state) => (
        <path key={state.id} className="rsm-geography spartan-hub-map__state" d={state.d} />
      )),
    [geography],
  );

  const showTip = (name: string) => {
    clearTimeout(hideTimer.current);
    setTip(name);
  };
  // A short delay lets the pointer move onto the tooltip without it vanishing (WCAG 1.4.13).
  const hideTip = () => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setTip(null), HIDE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  // Escape dismisses a tooltip shown by hover too, without moving the pointer (WCAG 1.4.13).
  useEffect(() => {
    if (!tip) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setTip(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [tip]);

  // Zooming in from the whole map goes towards the chosen hub, if there is one: zooming on the
  // map's middle would push a hub near an edge (Denver, Palo Alto) out of the frame. Once zoomed,
  // a step keeps the place the visitor panned to.
  const chosen = hubs.find((h) => h.name === selected);
  const zoomBy = (direction: 1 | -1) =>
    setPosition((p) => ({
      center: direction > 0 && p.zoom <= MAP.minZoom && chosen ? [...chosen.coordinates] : p.center,
      zoom: stepZoom(p.zoom, direction),
    }));
  // Zoomed in, a hub that takes focus or is chosen (here or in the list) moves to the middle of
  // the map: a marker panned out of the frame would take focus unseen (WCAG 2.4.7), and this is
  // how a keyboard or a single tap reaches a part of the map that only a drag would (2.5.7).
  const bringIntoView = (name: string) => {
    const hub = hubs.find((h) => h.name === name);
    if (!hub) return;
    setPosition((p) => (p.zoom > MAP.minZoom ? { ...p, center: [...hub.coordinates] } : p));
  };
  // Only a new choice moves the map (set while rendering, as React advises for a state that
  // follows a prop); a zoom step keeps the place the visitor panned to.
  const [shown, setShown] = useState(selected);
  if (selected !== shown) {
    setShown(selected);
    if (selected) bringIntoView(selected);
  }

  const onMarkerKey = (e: KeyboardEvent<SVGGElement>, name: string) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(name);
    } else if (e.key === 'Escape') {
      setTip(null);
    }
  };

  const tipHub = hubs.find((h) => h.name === tip);
  const tipPoint = tipHub && view ? view.project([...tipHub.coordinates]) : null;
  const tipAt = tipPoint && view ? overlayPosition(tipPoint, view.t) : null;
  // The tooltip goes beside its marker where it covers no marker nor a zoom button: above it,
  // else below, right, left or diagonally, each moved to stay inside the map. Where none of those
  // is free (a phone's small map), it names the hub alone, its details staying for assistive
  // technology and in the card under the map, and looks again; if still nothing is free, the place
  // covering least wins.
  const tipRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = tipRef.current;
    const frame = el?.parentElement;
    if (!el || !frame) return;
    const room = frame.getBoundingClientRect();
    // What it must leave visible: the pins, and the zoom buttons where they sit over the map.
    const obstacles = [
      ...frame.querySelectorAll('.spartan-hub-map__pin'),
      ...(frame.parentElement?.querySelectorAll('.spartan-hub-map__zoom-button') ?? []),
    ].map((node) => node.getBoundingClientRect());
    const own = frame
      .querySelector(`[aria-describedby="${el.id}"] .spartan-hub-map__pin`)
      ?.getBoundingClientRect();
    if (!own) return;
    const gap = 6;
    const margin = 4;
    const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));
    let best: { x: number; y: number; covers: number; compact: boolean } | null = null;
    for (const compact of [false, true]) {
      el.style.removeProperty('--_tip-x');
      el.style.removeProperty('--_tip-y');
      el.toggleAttribute('data-compact', compact);
      const box = el.getBoundingClientRect();
      const { width: w, height: h } = box;
      // Centred, right of or left of the pin; above, below or beside it.
      const xs = [own.left + own.width / 2 - w / 2, own.right + gap, own.left - gap - w];
      const ys = [own.top - gap - h, own.bottom + gap, own.top + own.height / 2 - h / 2];
      // Above, below, right, left, then the four diagonals (place n: xs[n % 3], ys[n / 3]).
      const places = [0, 3, 7, 8, 1, 2, 4, 5].map((n): [number, number] => [
        xs[n % 3]!,
        ys[Math.floor(n / 3)]!,
      ]);
      for (const [left, top] of places) {
        const x = clamp(left, room.left + margin, room.right - margin - w);
        const y = clamp(top, room.top + margin, room.bottom - margin - h);
        const covers = obstacles.filter(
          (o) => o.left < x + w && o.right > x && o.top < y + h && o.bottom > y,
        ).length;
        if (!best || covers < best.covers)
          best = { x: x - box.left, y: y - box.top, covers, compact };
        if (!covers) break;
      }
      if (!best?.covers) break;
    }
    if (!best) return;
    el.toggleAttribute('data-compact', best.compact);
    el.style.setProperty('--_tip-x', `${best.x}px`);
    el.style.setProperty('--_tip-y', `${best.y}px`);
  }, [tip, tipAt?.left, tipAt?.top, width]);
  const k = view?.t.k ?? position.zoom;
  // Pins keep a usable size on screen however narrow the map is drawn.
  const pinScale = Math.max(1, PIN_REFERENCE_WIDTH / (width || PIN_REFERENCE_WIDTH)) / k;

  return (
    <div ref={ref} className="spartan-hub-map__canvas">
      <div className="spartan-hub-map__frame">
        <ComposableMap
          className="spartan-hub-map__svg"
          projection="geoAlbersUsa"
          width={MAP.width}
          height={MAP.height}
          role="group"
          aria-label="Map of the United States with the innovation hubs"
        >
          <ZoomableGroup
            center={position.center}
            zoom={position.zoom}
            minZoom={MAP.minZoom}
            maxZoom={MAP.maxZoom}
            onMoveEnd={({ coordinates, zoom }) => {
              if (coordinates && zoom)
                setPosition({ center: [coordinates[0], coordinates[1]], zoom });
            }}
          >
            <TransformSpy onChange={onView} />
            {/* Borders stay 0.75 map units wide at every zoom: one property the paths inherit. */}
            <g className="rsm-geographies" aria-hidden="true" style={{ strokeWidth: 0.75 / k }}>
              {states}
            </g>
            {hubs.map((hub) => {
              const isSelected = hub.name === selected;
              return (
                <Marker
                  key={hub.name}
                  coordinates={[...hub.coordinates]}
                  className="spartan-hub-map__marker"
                  data-selected={isSelected ? 'true' : undefined}
                  role="button"
                  tabIndex={0}
                  aria-label={hub.name}
                  aria-current={isSelected ? 'true' : undefined}
                  aria-controls={detailsId}
                  aria-describedby={tip === hub.name ? `${detailsId}-tip` : undefined}
                  onClick={() => onSelect(hub.name)}
                  onKeyDown={(e: KeyboardEvent<SVGGElement>) => onMarkerKey(e, hub.name)}
                  onMouseEnter={() => showTip(hub.name)}
                  onMouseLeave={hideTip}
                  onFocus={() => {
                    showTip(hub.name);
                    bringIntoView(hub.name);
                  }}
                  onBlur={hideTip}
                >
                  <g transform={`scale(${pinScale})`}>
                    <circle className="spartan-hub-map__halo" r={14} data-focus-ring="" />
                    <path
                      className="spartan-hub-map__pin"
                      d="M0 0 C-3 -7 -10 -11 -10 -18 A10 10 0 1 1 10 -18 C10 -11 3 -7 0 0 Z"
                    />
                    <circle className="spartan-hub-map__pin-dot" cy={-18} r={4} />
                  </g>
                </Marker>
              );
            })}
          </ZoomableGroup>
        </ComposableMap>
        {tipHub && tipAt && (
          <div
            ref={tipRef}
            id={`${detailsId}-tip`}
            role="tooltip"
            className="spartan-hub-map__tooltip"
            style={{ left: `${tipAt.left}%`, top: `${tipAt.top}%` }}
            onMouseEnter={() => showTip(tipHub.name)}
            onMouseLeave={hideTip}
          >
            <strong>{tipHub.name}</strong>
            <span>{tipHub.info}</span>
          </div>
        )}
      </div>
      <div className="spartan-hub-map__zoom" role="group" aria-label="Map zoom">
        <button
          type="button"
          className="spartan-hub-map__zoom-button"
          onClick={() => zoomBy(1)}
          disabled={position.zoom >= MAP.maxZoom}
        >
          <span aria-hidden="true">+</span>
          <span className="spartan-visually-hidden">Zoom in</span>
        </button>
        <button
          type="button"
          className="spartan-hub-map__zoom-button"
          onClick={() => zoomBy(-1)}
          disabled={position.zoom <= MAP.minZoom}
        >
          <span aria-hidden="true">−</span>
          <span className="spartan-visually-hidden">Zoom out</span>
        </button>
        <button
          type="button"
          className="spartan-hub-map__zoom-button"
          onClick={() => setPosition(HOME)}
          disabled={position.zoom === 1}
        >
          <span aria-hidden="true">⟲</span>
          <span className="spartan-visually-hidden">Reset map</span>
        </button>
      </div>
    </div>
  );
}

export default MapView;
