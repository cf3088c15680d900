import { toast } from 'react-toastify';
import { pictureRule } from '../../lib/file-checks.ts';
import { Card } from './card.tsx';
import { FilePicker } from './file-picker.tsx';
import { ProfileHeader } from './profile-header.tsx';

/** A picture upload as each role's upload hook gives it: the call, its progress and whether it runs. */
type PictureUpload = {
  mutate(file: File, options: { onSuccess: (message: string) => void }): void;
  /** Upload progress (0-100), null when idle. */
  progress: number | null;
  isPending: boolean;
};

type PictureUploadCardProps = {
  person: { firstName: string; lastName: string; emailID: string; profilePicture: string };
  /** The account status (Allowed, Suspended, Debarred). */
  status: string;
  subtitle?: string | undefined;
  upload: PictureUpload;
};

/**
 * The user's picture (or initials), name and status, with the picture upload beneath; a finished
 * upload toasts the server's message (a failed one is toasted by the query client).
 */
export function PictureUploadCard({ person, status, subtitle, upload }: PictureUploadCardProps) {
  const name = `${person.firstName} ${person.lastName}`;
  const picture = person.profilePicture;
  return (
    <Card>
      <ProfileHeader
        name={name}
        email={person.emailID}
        picture={picture}
        status={status}
        subtitle={subtitle}
      />
      <div className="mt-5 border-t border-slate-100 pt-5">
        <FilePicker
          buttonLabel={picture ? 'Change picture' : 'Upload picture'}
          inputLabel="Profile picture file"
          hint="JPEG or PNG, under 1 MB."
          rule={pictureRule}
          progress={upload.progress}
          busy={upload.isPending}
          onFile={(file) => upload.mutate(file, { onSuccess: (message) => toast.success(message) })}
        />
      </div>
    </Card>
  );
}
