/**
 * Partner company cards (Company N, the golden badge, the project name) with
 * what clicking one does: company 1 opens its details, every other company a
 * Coming Soon note. Optionally only the first few, with a See more popup.
 */
import { useState } from 'react';
import { DIVIDEND_SHARE_PERCENT } from '../../content/constants.ts';
import { isLiveCompany, type PartnerCompany } from '../../content/site.ts';
import { Dialog } from '../../widgets/dialog/Dialog.tsx';

export interface CompanyCardProps {
  company: PartnerCompany;
  onSelect: (company: PartnerCompany) => void;
}

export function CompanyCard({ company, onSelect }: CompanyCardProps) {
  const live = isLiveCompany(company);
  return (
    <button
      type="button"
      className="company-card"
      data-live={live ? 'true' : 'false'}
      onClick={() => onSelect(company)}
    >
      <span className="company-card__badge" aria-hidden="true">
        {company.logo}
      </span>
      <span className="company-card__number">Company {company.companyNumber}</span>
      <span className="company-card__project">{company.projectName}</span>
    </button>
  );
}

export interface PartnersProps {
  companies: readonly PartnerCompany[];
  /** Show only this many cards, and a See more popup with all of them. */
  limit?: number;
}

export function Partners({ companies, limit }: PartnersProps) {
  const [chosen, setChosen] = useState<PartnerCompany | null>(null);
  const [seeMore, setSeeMore] = useState(false);
  const shown = limit === undefined ? companies : companies.slice(0, limit);
  const cards = (list: readonly PartnerCompany[]) => (
    <div className="companies">
      <ul className="company-grid" data-count={list.length}>
        {list.map((company) => (
          <li key={company.companyNumber}>
            <CompanyCard company={company} onSelect={setChosen} />
          </li>
        ))}
      </ul>
    </div>
  );
  const close = () => setChosen(null);
  return (
    <>
      {cards(shown)}
      {limit !== undefined && (
        <p className="partners__more">
          <button type="button" className="button button--outline" onClick={() => setSeeMore(true)}>
            See more Spartan Network Company Partners
          </button>
        </p>
      )}
      <Dialog
        block="modal"
        open={seeMore}
        onClose={() => setSeeMore(false)}
        title="Spartan Network Company Partners"
        className="modal--wide"
      >
        {cards(companies)}
      </Dialog>
      <Dialog
        block="modal"
        open={chosen !== null && !isLiveCompany(chosen)}
        onClose={close}
        title="Coming Soon"
        className="modal--small"
      >
        <p className="modal__lead">Spartan Network Company In Development</p>
        <button type="button" className="button button--dark" onClick={close}>
          Close
        </button>
      </Dialog>
      <Dialog
        block="modal"
        open={chosen !== null && isLiveCompany(chosen)}
        onClose={close}
        title={chosen ? `Company ${chosen.companyNumber}: ${chosen.projectName}` : ''}
      >
        <p>
          The first company of the Spartan Network. {DIVIDEND_SHARE_PERCENT}% of its net dividends
          go to the Private Spartan Wealth Fund, held for the Spartans who build it.
        </p>
        <div className="button-row">
          <a className="button button--gold" href="/investors" onClick={close}>
            Invest
          </a>
          <a className="button button--outline" href="/join-spartan" onClick={close}>
            Join The Spartans
          </a>
        </div>
      </Dialog>
    </>
  );
}
