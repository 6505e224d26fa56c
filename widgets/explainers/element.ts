import { defineWidget } from '../runtime/define.ts';
import { Explainers, type ExplainersProps } from './Explainers.tsx';
import { STYLES } from './styles.ts';

export const SpartanExplainersElement = defineWidget<ExplainersProps>({
  tag: 'spartan-explainers',
  component: Explainers,
  attributes: { layout: 'string', mediaBase: 'string', heading: 'string' },
  events: {
    onVideoOpen: { name: 'spartan-video-open', detail: (url: string) => ({ url }) },
  },
  styles: STYLES,
});
