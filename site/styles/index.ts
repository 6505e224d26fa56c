/** The site's one stylesheet: theme tokens, the widgets it renders in light DOM, then its own. */
import '../../widgets/shared-styles/tokens.css';
import '../../widgets/counter/counter.css';
import '../../widgets/banner/banner.css';
import '../../widgets/carousel/carousel.css';
import '../../widgets/dialog/dialog.css';
import '../../widgets/explainers/explainers.css';
import './site.css';
