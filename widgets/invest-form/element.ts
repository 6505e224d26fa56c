import { defineWidget } from '../runtime/define.ts';
import applicationCss from '../internal/form/application.css?inline';
import formCss from '../internal/form/form.css?inline';
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
  styles: [formCss, applicationCss],
});
