/** `/invest-apply` (the investor application) and `/success-invest` (docs/PRODUCT.md, "Pages"). */
import { InvestForm } from '../../widgets/invest-form/InvestForm.tsx';
import { IdBox } from '../../widgets/shared.ts';
import { navigate } from '../navigation.ts';
import { FormPage } from '../components/FormPage.tsx';
import { SuccessPage, useIdFromQuery } from '../components/SuccessPage.tsx';
// The site ships the form widgets' CSS in its own stylesheets (html[data-spartan-styles=static]).
import '../../widgets/shared-styles/forms.css';
import '../styles/form-pages.css';

export const INVEST_SUCCESS_PATH = '/success-invest';

export function InvestApplyPage() {
  return (
    <FormPage
      eyebrow="Accredited investors only"
      title="Apply to Invest"
      tagline="Tell us about yourself and how you qualify; our investor relations team will contact you."
      aside={{
        title: 'Who can invest?',
        text: 'The Private Spartan Wealth Fund is open to accredited investors only. Read the criteria before you apply.',
        links: [
          { href: '/accredited-investor', label: 'Accredited investor criteria' },
          { href: '/investors', label: 'Investor information' },
        ],
      }}
    >
      <InvestForm successUrl={INVEST_SUCCESS_PATH} navigate={navigate} />
    </FormPage>
  );
}

export function InvestSuccessPage() {
  const id = useIdFromQuery();
  return (
    <SuccessPage
      title="Thank you for your interest!"
      lead="Our team will reach out to you shortly."
      idBox={<IdBox label="Investor ID Number" id={id} />}
      benefitsLabel="Spartan Investor Benefits"
    />
  );
}
