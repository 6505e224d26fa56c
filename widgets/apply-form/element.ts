import { APPLICATION_STYLES } from '../internal/form/styles.ts';
import { defineWidget } from '../runtime/define.ts';
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
  styles: APPLICATION_STYLES,
});
