import { APPLICATION_STYLES } from '../internal/form/styles.ts';
import type { SpartanElement } from '../elements.ts';
import { defineWidget } from '../runtime/define.ts';
import { InvestForm, type InvestFormProps } from './InvestForm.tsx';

/** The `spartan-invest-form` element: its class (undefined without a DOM) and, as a type, its instances. */
export type SpartanInvestFormElement = SpartanElement<'spartan-invest-form'>;
export const SpartanInvestFormElement = defineWidget<InvestFormProps, 'spartan-invest-form'>({
  tag: 'spartan-invest-form',
  component: InvestForm,
  attributes: { apiBase: 'string', successUrl: 'string' },
  events: {
    onInvested: {
      name: 'spartan-invested',
      detail: (investorId: string | null) => ({ investorId }),
    },
  },
  styles: APPLICATION_STYLES,
});
