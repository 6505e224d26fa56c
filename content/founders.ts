/**
 * The founders (three), for the founders page. Only that page imports it, so it loads with it.
 */

export interface Founder {
  id: number;
  name: string;
  founder_title: string;
  /** "CEO" for the first founder, empty otherwise. */
  founder_title2: string;
  /** Portrait under media/. */
  profile_url: string;
  notes: string;
}

export const FOUNDERS: readonly Founder[] = [
  {
    id: 1,
    name: 'Leon Aristides',
    founder_title: 'Founder',
    founder_title2: 'CEO',
    profile_url: 'images/founder-1.svg',
    notes:
      'Leon started the Spartans with a simple idea: the people who build companies should own the wealth they create. He leads the network and wrote the open letter and the white paper.',
  },
  {
    id: 2,
    name: 'Helena Markos',
    founder_title: 'Co-Founder',
    founder_title2: '',
    profile_url: 'images/founder-2.svg',
    notes:
      'Helena shaped the Private Spartan Wealth Fund and its rules for funding, holding and distribution. Notes on her work are coming soon.',
  },
  {
    id: 3,
    name: 'Damon Castellan',
    founder_title: 'Co-Founder',
    founder_title2: '',
    profile_url: 'images/founder-3.svg',
    notes:
      'Damon built the innovation hubs and the first companies of the network. Notes on his work are coming soon.',
  },
];
