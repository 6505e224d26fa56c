/** `/staff` (its views in the query string), behind the guard (docs/PRODUCT.md, "Pages"). */
import { Guard } from '../auth/Guard.tsx';
import { StaffArea } from '../staff/StaffArea.tsx';
import './styles.ts';

export function StaffPage({ url }: { url?: string }) {
  return (
    <Guard>
      <StaffArea
        url={
          url ?? (typeof location === 'undefined' ? '/staff' : location.pathname + location.search)
        }
      />
    </Guard>
  );
}
