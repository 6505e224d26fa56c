/** The innovation hubs on the map (docs/PRODUCT.md, "Content"): name, [longitude, latitude], info, category. */

export type HubCategory = 'Headquarters' | 'Sub-Headquarters';

export interface Hub {
  name: string;
  /** [longitude, latitude] in degrees. */
  coordinates: readonly [number, number];
  info: string;
  category: HubCategory;
}

export const HUBS: readonly Hub[] = [
  {
    name: 'Palo Alto HQ',
    coordinates: [-122.143, 37.4419],
    info: 'Our headquarters in Silicon Valley, where the Spartan network companies are founded, funded and built.',
    category: 'Headquarters',
  },
  {
    name: 'Boston HQ',
    coordinates: [-71.0589, 42.3601],
    info: 'Our Northeast hub, close to the region’s universities, hospitals and research labs.',
    category: 'Sub-Headquarters',
  },
  {
    name: 'Washington DC HQ',
    coordinates: [-77.0369, 38.9072],
    info: 'Our capital region hub, working on public-sector innovation and policy.',
    category: 'Sub-Headquarters',
  },
  {
    name: 'Austin HQ',
    coordinates: [-97.7431, 30.2672],
    info: 'Our Southwest hub, for manufacturing, energy and hardware ventures.',
    category: 'Sub-Headquarters',
  },
  {
    name: 'Denver Future Hub',
    coordinates: [-104.9903, 39.7392],
    info: 'A planned expansion into the Mountain West, opening as the network grows.',
    category: 'Sub-Headquarters',
  },
];

/** The list's groups and their headings. */
export const HUB_GROUPS: ReadonlyArray<{ category: HubCategory; heading: string }> = [
  { category: 'Headquarters', heading: 'Headquarters' },
  { category: 'Sub-Headquarters', heading: 'Future Sub-Headquarters' },
];
