import { defineWidget } from '../runtime/define.ts';
import { HubMap, type HubMapProps } from './HubMap.tsx';
import controlsCss from '../internal/controls.css?inline';
import hubMapCss from './hub-map.css?inline';

export const SpartanHubMapElement = defineWidget<HubMapProps>({
  tag: 'spartan-hub-map',
  component: HubMap,
  attributes: { heading: 'string' },
  events: {
    onHubSelect: { name: 'spartan-hub-select', detail: (name: string) => ({ name }) },
  },
  styles: [controlsCss, hubMapCss],
});
