/**
 * The global footer: Company and Legal groups, Join and Invest buttons,
 * Follow Us icons, language and copyright. Items without a destination yet open
 * a short Coming Soon note; Advertise with Us opens its popup.
 */
import { useState } from 'react';
import { TAGLINE } from '../../content/constants.ts';
import { COPYRIGHT, SOCIAL_NETWORKS } from '../../content/site.ts';
import { GlobeIcon, SocialIcon } from '../components/Icons.tsx';
import { BrandLink } from '../components/Logo.tsx';
import { Dialog } from '../../widgets/dialog/Dialog.tsx';
import { FOOTER_COMPANY_LINKS, FOOTER_LEGAL_ITEMS } from './nav.ts';

type Popup = { kind: 'soon'; item: string } | { kind: 'advertise' } | null;

export function Footer() {
  const [popup, setPopup] = useState<Popup>(null);
  const close = () => setPopup(null);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <BrandLink />
          <p className="site-footer__tagline">{TAGLINE}</p>
          <div className="button-row">
            <a className="button button--gold" href="/join-spartan">
              Join the Spartans
            </a>
            <a className="button button--outline-light" href="/investors">
              Invest
            </a>
          </div>
        </div>
        <nav className="site-footer__group" aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <ul>
            {FOOTER_COMPANY_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__group" aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            {FOOTER_LEGAL_ITEMS.map((item) => (
              <li key={item}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setPopup({ kind: 'soon', item })}
                >
                  {item}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => setPopup({ kind: 'advertise' })}
              >
                Advertise with Us
              </button>
            </li>
          </ul>
        </nav>
        <div className="site-footer__group">
          <h2 id="footer-follow">Follow Us</h2>
          <ul className="social-list" aria-labelledby="footer-follow">
            {SOCIAL_NETWORKS.map((network) => (
              <li key={network}>
                <button
                  type="button"
                  className="social-button"
                  onClick={() => setPopup({ kind: 'soon', item: network })}
                >
                  <SocialIcon network={network} />
                  <span className="spartan-visually-hidden">{network}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="site-footer__language">
            <GlobeIcon />
            <span lang="en-US">EN (US)</span>
          </p>
        </div>
      </div>
      <p className="site-footer__copyright">{COPYRIGHT}</p>
      <Dialog block="modal" open={popup?.kind === 'soon'} onClose={close} title="Coming Soon">
        <p>{popup?.kind === 'soon' ? `${popup.item} is coming soon.` : ''}</p>
      </Dialog>
      <Dialog
        block="modal"
        open={popup?.kind === 'advertise'}
        onClose={close}
        title="Advertise with Us"
      >
        <p>
          Reach 300,000 Spartans and the investors who follow the Spartan Network. Advertising
          opportunities open soon; until then, tell us what you have in mind through our contact
          page.
        </p>
        <p>
          <a className="button button--gold" href="/contact-us" onClick={close}>
            Contact Us
          </a>
        </p>
      </Dialog>
    </footer>
  );
}
