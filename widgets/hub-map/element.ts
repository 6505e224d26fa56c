import { defineWidget } from '../runtime/define.ts';
import { HubMap, type HubMapProps } from './HubMap.tsx';
import { STYLES } from './styles.ts';

export const SpartanHubMapElement = defineWidget<HubMapProps>({
  tag: 'spartan-hub-map',
  component: HubMap,
  attributes: { heading: 'string' },
  events: {
    onHubSelect: { name: 'spartan-hub-select', detail: (name: string) => ({ name }) },
  },
  styles: STYLES,
});
