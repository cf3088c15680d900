import { pictureRule } from '../../lib/file-checks.ts';
import { Card } from './card.tsx';
import { FilePicker } from './file-picker.tsx';
import { ProfileHeader } from './profile-header.tsx';

type PictureUploadCardProps = {
  name: string;
  email: string;
  picture: string;
  /** The account status (Allowed, Suspended, Debarred). */
  status: string;
  subtitle?: string | undefined;
  /** Upload progress (0-100), null when idle. */
  progress: number | null;
  busy: boolean;
  onFile: (file: File) => void;
};

/** The user's picture (or initials), name and status, with the picture upload beneath. */
export function PictureUploadCard({
  name,
  email,
  picture,
  status,
  subtitle,
  progress,
  busy,
  onFile,
}: PictureUploadCardProps) {
  return (
    <Card>
      <ProfileHeader name={name} email={email} picture={picture} status={status} subtitle={subtitle} />
      <div className="mt-5 border-t border-slate-100 pt-5">
        <FilePicker
          buttonLabel={picture ? 'Change picture' : 'Upload picture'}
          inputLabel="Profile picture file"
          hint="JPEG or PNG, under 1 MB."
          rule={pictureRule}
          progress={progress}
          busy={busy}
          onFile={onFile}
        />
      </div>
    </Card>
  );
}
