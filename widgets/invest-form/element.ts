import { APPLICATION_STYLES } from '../internal/form/styles.ts';
import { defineWidget } from '../runtime/define.ts';
import { InvestForm, type InvestFormProps } from './InvestForm.tsx';

export const SpartanInvestFormElement = defineWidget<InvestFormProps>({
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
