/** `/innovation-hubs`: the hubs map with its list and detail card, and two explanatory sections. */
import { HubMap } from '../../widgets/hub-map/HubMap.tsx';
import { GEO_FILE } from '../../widgets/hub-map/geo-file.ts';
import '../../widgets/shared-styles/controls.css';
import '../../widgets/hub-map/hub-map.css';
import '../../widgets/hub-map/map-view.css';
import { PageIntro } from '../components/PageIntro.tsx';

/** The map geometry the build puts beside the widget bundles, on this server. */
const GEO_URL = `/widgets/${GEO_FILE}`;

export function InnovationHubsPage() {
  return (
    <div className="page page--hubs">
      <PageIntro title="Our Innovation Hubs" eyebrow="About">
        <p>Where the Spartans build: our headquarters and sub-headquarters across the country.</p>
      </PageIntro>
      <h2 className="section__title">Find a hub</h2>
      <HubMap heading="" geoUrl={GEO_URL} />
      <div className="two-col">
        <section aria-labelledby="hubs-about" className="prose">
          <h2 id="hubs-about">Our Innovation Hubs</h2>
          <p>
            Each hub is a place where Spartans start companies: engineers, designers, lawyers and
            operators side by side, with the network behind them. New companies of the Spartan
            Network begin in a hub and grow from there.
          </p>
        </section>
        <section aria-labelledby="hubs-hq" className="prose">
          <h2 id="hubs-hq">Our Headquarters</h2>
          <p>
            Our headquarters is in Palo Alto. Sub-headquarters in Boston, Washington DC and Austin
            serve the Northeast, the capital region and the Southwest, and a future hub in Denver is
            planned as the network expands.
          </p>
        </section>
      </div>
    </div>
  );
}
