import { APPLICATION_STYLES } from '../internal/form/styles.ts';
import type { SpartanElement } from '../elements.ts';
import { defineWidget } from '../runtime/define.ts';
import { ApplyForm, type ApplyFormProps } from './ApplyForm.tsx';

/** The `spartan-apply-form` element: its class (undefined without a DOM) and, as a type, its instances. */
export type SpartanApplyFormElement = SpartanElement<'spartan-apply-form'>;
export const SpartanApplyFormElement = defineWidget<ApplyFormProps, 'spartan-apply-form'>({
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
