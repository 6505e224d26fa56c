import { defineWidget } from '../runtime/define.ts';
import { Explainers, type ExplainersProps } from './Explainers.tsx';
import controlsCss from '../internal/controls.css?inline';
import carouselCss from '../carousel/carousel.css?inline';
import explainersCss from './explainers.css?inline';

export const SpartanExplainersElement = defineWidget<ExplainersProps>({
  tag: 'spartan-explainers',
  component: Explainers,
  attributes: { layout: 'string', mediaBase: 'string', heading: 'string' },
  events: {
    onVideoOpen: { name: 'spartan-video-open', detail: (url: string) => ({ url }) },
  },
  styles: [controlsCss, carouselCss, explainersCss],
});
