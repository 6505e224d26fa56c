/** npm library: importing this defines every `spartan-*` element (each tag once). */
export { SpartanCounterElement } from './counter/element.ts';
export { SpartanBannerElement } from './banner/element.ts';
export { SpartanApplyFormElement } from './apply-form/element.ts';
export { SpartanInvestFormElement } from './invest-form/element.ts';
export { SpartanLoginElement } from './login/element.ts';
export { SpartanExplainersElement } from './explainers/element.ts';
export { SpartanHubMapElement } from './hub-map/element.ts';
export type { SpartanEventDetails, SpartanElementAttributes, SpartanTag } from './elements.ts';
export type {
  SpartanAttributeName,
  SpartanElement,
  SpartanElementConstructor,
} from './elements.ts';
