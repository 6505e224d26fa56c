/** `/staff` (its views in the query string), behind the guard (docs/PRODUCT.md, "Pages"). */
import { Guard } from '../auth/Guard.tsx';
import { StaffArea } from './StaffArea.tsx';
import { StaffLayout } from './StaffLayout.tsx';
// The site ships the form widgets' CSS in its own stylesheets (html[data-spartan-styles=static]).
import '../../widgets/shared-styles/forms.css';
import './staff.css';

export function StaffPage({ url }: { url?: string }) {
  return (
    <StaffLayout>
      <Guard>
        <StaffArea
          url={
            url ??
            (typeof location === 'undefined' ? '/staff' : location.pathname + location.search)
          }
        />
      </Guard>
    </StaffLayout>
  );
}
