import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { myDataUrl } from '../api/my-data-url.ts';

/** The student's copy of everything the portal holds about them, downloaded as a ZIP. */
export function DownloadMyData() {
  return (
    <Card>
      <h3 className="text-sm font-semibold text-slate-900">Your data</h3>
      <p className="mt-2 text-sm text-slate-700">
        One ZIP file with your full record, every application and each stage it reached, your offers,
        notifications, who viewed your record, every change made to it, and your uploaded resume and picture.
        Passwords are never included.
      </p>
      {/* A plain link: the browser saves the file as it arrives, the page never holds it. */}
      <a href={myDataUrl} download className={`${buttonVariants.secondary} mt-4 inline-flex`}>
        Download my data
      </a>
    </Card>
  );
}
