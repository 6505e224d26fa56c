import { defineWidget } from '../runtime/define.ts';
import applicationCss from '../internal/form/application.css?inline';
import formCss from '../internal/form/form.css?inline';
import { ApplyForm, type ApplyFormProps } from './ApplyForm.tsx';

export const SpartanApplyFormElement = defineWidget<ApplyFormProps>({
  tag: 'spartan-apply-form',
  component: ApplyForm,
  attributes: { apiBase: 'string', successUrl: 'string' },
  events: {
    onApplied: {
      name: 'spartan-applied',
      detail: (applicationId: string | null) => ({ applicationId }),
    },
  },
  styles: [formCss, applicationCss],
});
