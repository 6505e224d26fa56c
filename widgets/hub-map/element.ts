import type { SpartanElement } from '../elements.ts';
import { defineWidget } from '../runtime/define.ts';
import { HubMap, type HubMapProps } from './HubMap.tsx';
import { STYLES } from './styles.ts';

/** The `spartan-hub-map` element: its class (undefined without a DOM) and, as a type, its instances. */
export type SpartanHubMapElement = SpartanElement<'spartan-hub-map'>;
export const SpartanHubMapElement = defineWidget<HubMapProps, 'spartan-hub-map'>({
  tag: 'spartan-hub-map',
  component: HubMap,
  attributes: { heading: 'string' },
  events: {
    onHubSelect: { name: 'spartan-hub-select', detail: (name: string) => ({ name }) },
  },
  styles: STYLES,
});
