/** `/apply-spartan` and `/apply-spartan-success` (docs/PRODUCT.md, "Pages"). */
import { REVIEW_BUSINESS_DAYS } from '../../content/constants.ts';
import { ApplyForm } from '../../widgets/apply-form/ApplyForm.tsx';
import { IdBox } from '../../widgets/shared.ts';
import { navigate } from '../navigation.ts';
import { FormPage } from '../components/FormPage.tsx';
import { SuccessPage, useIdFromQuery } from '../components/SuccessPage.tsx';
// The site ships the form widgets' CSS in its own stylesheets (html[data-spartan-styles=static]).
import '../../widgets/shared-styles/forms.css';
import '../styles/form-pages.css';

export const APPLY_SUCCESS_PATH = '/apply-spartan-success';

export function ApplyPage() {
  return (
    <FormPage
      eyebrow="Join the Spartans"
      title="Ready to Become a Spartan?"
      tagline="Join the 300,000 Spartans Today!"
      aside={{
        title: 'Before you apply',
        text: 'See what every Spartan receives, or join our in-house legal team.',
        links: [
          { href: '/spartan-emp-benefits', label: 'Spartan Employee Benefits' },
          { href: '/solon300', label: 'Solon 300 Legal Team' },
        ],
      }}
    >
      <ApplyForm successUrl={APPLY_SUCCESS_PATH} navigate={navigate} />
    </FormPage>
  );
}

export function ApplySuccessPage() {
  const id = useIdFromQuery();
  return (
    <SuccessPage
      title="Thank you for applying!"
      lead={`Your application is being processed. Our team needs ${REVIEW_BUSINESS_DAYS} business days to review it.`}
      idBox={<IdBox label="Application ID Number" id={id} />}
      benefitsLabel="Spartan Employee Benefits"
    />
  );
}
