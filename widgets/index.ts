/**
 * npm library: the widgets as React components. Importing this defines no element. Each
 * component is also its own entry (`spartan-platform/<folder>`, widgets/<folder>/lib.ts) and
 * its own module behind this one, so a bundler keeps only the components a page imports.
 */
export {
  SpartanProvider,
  type SpartanProviderProps,
  type SpartanServer,
} from './runtime/provider.tsx';
export type { RootProps } from './runtime/root-props.ts';
export { WealthCounter, type WealthCounterProps } from './counter/lib.ts';
export { StateBanner, type StateBannerProps } from './banner/lib.ts';
export { defineWidget, type WidgetDefinition, type AttributeType } from './runtime/define.ts';
export { ApplyForm, type ApplyFormProps } from './apply-form/lib.ts';
export { InvestForm, type InvestFormProps } from './invest-form/lib.ts';
export { LoginForm, type LoginFormProps } from './login/lib.ts';
export { Explainers, type ExplainersProps } from './explainers/lib.ts';
export { HubMap, type HubMapProps } from './hub-map/lib.ts';
export {
  Carousel,
  type CarouselProps,
  type CarouselBreakpoint,
  type SlidesPerView,
} from './carousel/lib.ts';
export type { SpartanEventDetails, SpartanElementAttributes, SpartanTag } from './elements.ts';
export type {
  SpartanAttributeName,
  SpartanElement,
  SpartanElementConstructor,
} from './elements.ts';
