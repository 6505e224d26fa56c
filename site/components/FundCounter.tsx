/** The wealth fund counter as pages show it: the live amount and a link to the fund's page. */
import { WealthCounter } from '../../widgets/counter/WealthCounter.tsx';

export function FundCounter({ link = true }: { link?: boolean }) {
  return (
    <aside className="fund-counter" aria-label="Wealth fund counter">
      <WealthCounter remember />
      {link && (
        <a className="fund-counter__link" href="/spartan-wealth-fund">
          About the Private Spartan Wealth Fund <span aria-hidden="true">→</span>
        </a>
      )}
    </aside>
  );
}
