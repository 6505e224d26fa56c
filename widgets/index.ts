/** npm library: the widgets as React components. Importing this defines no element. */
export {
  SpartanProvider,
  type SpartanProviderProps,
  type SpartanServer,
} from './runtime/provider.tsx';
export { WealthCounter, type WealthCounterProps } from './counter/WealthCounter.tsx';
export { StateBanner, type StateBannerProps } from './banner/StateBanner.tsx';
export { defineWidget, type WidgetDefinition, type AttributeType } from './runtime/define.ts';
export { ApplyForm, type ApplyFormProps } from './apply-form/ApplyForm.tsx';
export { InvestForm, type InvestFormProps } from './invest-form/InvestForm.tsx';
export { LoginForm, type LoginFormProps } from './login/LoginForm.tsx';
export { Explainers, type ExplainersProps } from './explainers/Explainers.tsx';
export { HubMap, type HubMapProps } from './hub-map/HubMap.tsx';
export {
  Carousel,
  type CarouselProps,
  type CarouselBreakpoint,
  type SlidesPerView,
} from './carousel/Carousel.tsx';
export type { SpartanEventDetails, SpartanElementAttributes, SpartanTag } from './elements.ts';
export type {
  SpartanAttributeName,
  SpartanElement,
  SpartanElementConstructor,
} from './elements.ts';
