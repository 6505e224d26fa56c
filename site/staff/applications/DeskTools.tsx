import '../../../widgets/text-input.ts';
import { EraseApplicant } from './EraseApplicant.tsx';
import { NotificationSettings } from './NotificationSettings.tsx';

/** Below the lists: one's own new-application mail, and (admins) erasing an applicant's data. */
export function DeskTools({ isAdmin, onErased }: { isAdmin: boolean; onErased: () => void }) {
  return (
    <div className="staff-tools">
      <NotificationSettings />
      {isAdmin && <EraseApplicant onErased={onErased} />}
    </div>
  );
}
