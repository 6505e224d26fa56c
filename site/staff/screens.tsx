/** The account sections of the staff area, one chunk (see StaffSection.tsx). */
import { AuditTrail } from './AuditTrail.tsx';
import { readAuditFilters } from './data/audit.ts';
import { MyAccount } from './accounts/MyAccount.tsx';
import { StaffAdmin } from './accounts/StaffAdmin.tsx';
import { staffParams } from './urls.ts';

export default function Screens({ url }: { url: string }) {
  const params = staffParams(url);
  const section = params.get('section');
  if (section === 'staff') {
    const user = params.get('user');
    return <StaffAdmin key={user ?? ''} userId={user} />;
  }
  if (section === 'audit') {
    const filters = readAuditFilters(params);
    return <AuditTrail key={JSON.stringify(filters)} filters={filters} />;
  }
  return <MyAccount />;
}
