import fs from 'node:fs';
import { createRequire } from 'node:module';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { HUBS } from '../../content/hubs.ts';
import { makeStatePaths, mapProjection } from '../../scripts/build-geo.ts';
import { HubMap } from './HubMap.tsx';
import { groupHubs, overlayPosition, stepZoom } from './hub-logic.ts';

const require = createRequire(import.meta.url);
/** What the build writes to widgets/geo/us-states-<hash>.json. */
const GEOMETRY = await makeStatePaths();
const STATES = JSON.stringify(GEOMETRY);
const GEO_URL = 'https://spartans.example/widgets/geo/us-states.json';

const json = (body: string) =>
  Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json' } }));
const geometryResponse = () => json(STATES);
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let scrollIntoView: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(() => geometryResponse());
  vi.stubGlobal('fetch', fetchMock);
  scrollIntoView = vi.fn();
  Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const list = () => screen.getByRole('group', { name: 'Innovation hubs' });
const details = () => screen.getByRole('region', { name: 'Hub details' });
const mapBox = (container: HTMLElement) => container.querySelector('[part="map"]')!;
const markers = (container: HTMLElement) => [
  ...container.querySelectorAll<SVGGElement>('g.spartan-hub-map__marker'),
];
const waitForMap = (container: HTMLElement) =>
  waitFor(() => expect(mapBox(container)).toHaveAttribute('data-state', 'ready'), {
    timeout: 10_000,
  });

describe('hub data and logic', () => {
  it('has the five hubs of the specification, Palo Alto the only Headquarters', () => {
    expect(HUBS.map((h) => [h.name, h.category])).toEqual([
      ['Palo Alto HQ', 'Headquarters'],
      ['Boston HQ', 'Sub-Headquarters'],
      ['Washington DC HQ', 'Sub-Headquarters'],
      ['Austin HQ', 'Sub-Headquarters'],
      ['Denver Future Hub', 'Sub-Headquarters'],
    ]);
    for (const h of HUBS) {
      const [lon, lat] = h.coordinates;
      expect(lon).toBeGreaterThan(-125);
      expect(lon).toBeLessThan(-66);
      expect(lat).toBeGreaterThan(24);
      expect(lat).toBeLessThan(50);
      expect(h.info.length).toBeGreaterThan(20);
    }
    expect(groupHubs(HUBS).map((g) => [g.heading, g.hubs.length])).toEqual([
      ['Headquarters', 1],
      ['Future Sub-Headquarters', 4],
    ]);
  });

  it('zooms by doubling within 1 to 8 and places overlays under pan and zoom', () => {
    expect(stepZoom(1, 1)).toBe(2);
    expect(stepZoom(8, 1)).toBe(8);
    expect(stepZoom(2, -1)).toBe(1);
    expect(stepZoom(1, -1)).toBe(1);
    expect(overlayPosition([490, 300], { x: 0, y: 0, k: 1 })).toEqual({ left: 50, top: 50 });
    expect(overlayPosition([490, 300], { x: -490, y: -300, k: 2 })).toEqual({
      left: 50,
      top: 50,
    });
    expect(overlayPosition([0, 0], { x: 98, y: 60, k: 4 })).toEqual({ left: 10, top: 10 });
  });
});

describe('HubMap', () => {
  it('hydrates over its server render without a mismatch, in a browser that can observe', async () => {
    // The server render: no IntersectionObserver there (nor in jsdom).
    const html = renderToString(<HubMap geoUrl={GEO_URL} />);
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    // The browser has one; the map's frame is not near the viewport yet, so nothing fires.
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const root = await act(async () => hydrateRoot(host, <HubMap geoUrl={GEO_URL} />));
      expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([]);
      expect(observed).toHaveLength(1);
      act(() => root.unmount());
    } finally {
      errors.mockRestore();
      host.remove();
    }
  });

  it('lists the hubs grouped into Headquarters and Future Sub-Headquarters', () => {
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    render(<HubMap geoUrl={GEO_URL} />);
    const headings = within(list())
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(headings).toEqual(['Headquarters', 'Future Sub-Headquarters']);
    expect(
      within(list())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(HUBS.map((h) => h.name));
    expect(details()).toHaveTextContent('Choose a hub');
  });

  it('given the map has not arrived, when a hub is chosen, then its card shows, the map scrolls into view and the event fires', async () => {
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    const onHubSelect = vi.fn();
    const user = setupUser();
    render(<HubMap geoUrl={GEO_URL} onHubSelect={onHubSelect} />);
    const boston = within(list()).getByRole('button', { name: 'Boston HQ' });
    await user.click(boston);
    expect(onHubSelect).toHaveBeenCalledWith('Boston HQ');
    expect(boston).toHaveAttribute('aria-current', 'true');
    expect(within(details()).getByRole('heading', { name: 'Boston HQ' })).toBeInTheDocument();
    expect(details()).toHaveTextContent(HUBS[1]!.info);
    expect(details()).toHaveTextContent('Sub-Headquarters');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('loads the geometry from the widget server and draws states that are not tab stops', async () => {
    const { container } = render(<HubMap geoUrl={GEO_URL} />);
    await waitForMap(container);
    expect(fetchMock).toHaveBeenCalledWith(GEO_URL);
    const states = () => [...container.querySelectorAll('path.spartan-hub-map__state')];
    await waitFor(() => expect(states()).toHaveLength(51));
    // The build's projected paths, drawn as they are.
    expect(states().map((s) => s.getAttribute('d'))).toEqual(GEOMETRY.states.map((s) => s.d));
    for (const state of states()) {
      expect(state).not.toHaveAttribute('tabindex');
      expect(state.closest('g[aria-hidden="true"]')).not.toBeNull();
    }
  });

  it('places the markers with the projection the states were built with', async () => {
    const { container } = render(<HubMap geoUrl={GEO_URL} />);
    await waitForMap(container);
    const projection = mapProjection();
    const pins = markers(container);
    expect(pins).toHaveLength(HUBS.length);
    HUBS.forEach((hub, i) => {
      const match = /translate\(([-\d.e]+),\s*([-\d.e]+)\)/.exec(
        pins[i]!.getAttribute('transform')!,
      );
      const [x, y] = projection([...hub.coordinates])!;
      expect(Number(match![1])).toBeCloseTo(x, 6);
      expect(Number(match![2])).toBeCloseTo(y, 6);
    });
  });

  it('keeps borders 0.75 map units wide when zooming, without touching the state paths', async () => {
    const user = setupUser();
    const { container } = render(<HubMap geoUrl={GEO_URL} />);
    await waitForMap(container);
    const layer = container.querySelector(
      'g[aria-hidden="true"]:has(> path.spartan-hub-map__state)',
    )! as SVGGElement;
    const strokeWidth = () => Number.parseFloat(layer.style.strokeWidth);
    expect(strokeWidth()).toBe(0.75);
    const changed: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) changed.push(r.target);
    });
    observer.observe(layer, { subtree: true, attributes: true, childList: true });
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(strokeWidth()).toBe(0.375));
    await user.click(within(list()).getByRole('button', { name: 'Austin HQ' }));
    act(() => markers(container)[0]!.focus());
    await screen.findByRole('tooltip');
    observer.disconnect();
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((node) => node === layer)).toBe(true);
    expect(container.querySelectorAll('path.spartan-hub-map__state')).toHaveLength(51);
  });

  it('draws one focusable marker per hub; the selected one is highlighted', async () => {
    const user = setupUser();
    const { container } = render(<HubMap geoUrl={GEO_URL} />);
    await waitForMap(container);
    const pins = markers(container);
    expect(pins.map((m) => m.getAttribute('aria-label'))).toEqual(HUBS.map((h) => h.name));
    for (const pin of pins) {
      expect(pin).toHaveAttribute('tabindex', '0');
      expect(pin).toHaveAttribute('role', 'button');
      expect(pin).not.toHaveAttribute('data-selected');
    }
    await user.click(within(list()).getByRole('button', { name: 'Austin HQ' }));
    const austin = pins[3]!;
    expect(austin).toHaveAttribute('data-selected', 'true');
    expect(austin).toHaveAttribute('aria-current', 'true');
    expect(pins.filter((p) => p.hasAttribute('data-selected'))).toHaveLength(1);
  });

  it('when a marker is focused or hovered, then its tooltip shows the info; Enter selects it', async () => {
    const onHubSelect = vi.fn();
    const user = setupUser();
    const { container } = render(<HubMap geoUrl={GEO_URL} onHubSelect={onHubSelect} />);
    await waitForMap(container);
    const denver = markers(container)[4]!;
    act(() => denver.focus());
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('Denver Future Hub');
    expect(tip).toHaveTextContent(HUBS[4]!.info);
    expect(denver).toHaveAttribute('aria-describedby', tip.id);
    await user.keyboard('{Enter}');
    expect(onHubSelect).toHaveBeenCalledWith('Denver Future Hub');
    expect(within(details()).getByRole('heading', { name: 'Denver Future Hub' })).toBeVisible();
    // Selecting on the map asks only for the card, and only as far as needed ('nearest': no
    // scroll at all where it is in view); the map and its markers stay where they are.
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(details());
    expect(scrollIntoView.mock.calls[0]?.[0]).toMatchObject({ block: 'nearest' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.mouseEnter(markers(container)[0]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Palo Alto HQ');
  });

  it('zooms in and out with its buttons, within 1 to 8', async () => {
    const user = setupUser();
    const { container } = render(<HubMap geoUrl={GEO_URL} />);
    await waitForMap(container);
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    const group = () => container.querySelector('.rsm-zoomable-group')!;
    expect(zoomOut).toBeDisabled();
    expect(group().getAttribute('transform')).toContain('scale(1)');
    await user.click(zoomIn);
    await waitFor(() => expect(group().getAttribute('transform')).toContain('scale(2)'));
    await user.click(zoomIn);
    await user.click(zoomIn);
    await waitFor(() => expect(group().getAttribute('transform')).toContain('scale(8)'));
    expect(zoomIn).toBeDisabled();
    await user.click(zoomOut);
    await waitFor(() => expect(group().getAttribute('transform')).toContain('scale(4)'));
    await user.click(screen.getByRole('button', { name: 'Reset map' }));
    await waitFor(() => expect(group().getAttribute('transform')).toContain('scale(1)'));
  });

  it('given the geometry fails to load, then it says so and can try again', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('', { status: 503 })));
    const user = setupUser();
    const { container } = render(<HubMap geoUrl={GEO_URL} />);
    await waitFor(() => expect(mapBox(container)).toHaveAttribute('data-state', 'error'));
    expect(mapBox(container)).toHaveTextContent('The map could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForMap(container);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('given an old TopoJSON geometry file (cached), then it offers the list and Try again', async () => {
    const topology = fs.readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8');
    fetchMock.mockImplementationOnce(() => json(topology));
    const user = setupUser();
    const { container } = render(<HubMap geoUrl={GEO_URL} />);
    await waitFor(() => expect(mapBox(container)).toHaveAttribute('data-state', 'error'));
    expect(container.querySelectorAll('path.spartan-hub-map__state')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForMap(container);
  });

  it('passes axe before and after the map loads, with a hub selected', async () => {
    const user = setupUser();
    const { container } = render(<HubMap geoUrl={GEO_URL} />);
    await expectNoAxeViolations(container);
    await waitForMap(container);
    await user.click(within(list()).getByRole('button', { name: 'Palo Alto HQ' }));
    act(() => markers(container)[1]!.focus());
    await screen.findByRole('tooltip');
    await expectNoAxeViolations(container);
  }, 30_000);
});
