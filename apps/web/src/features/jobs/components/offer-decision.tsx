import type { StudentApplication } from '@portal/contracts/applications';
import { offers } from '@portal/contracts/messages';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { lpa } from '../../../lib/lpa.ts';
import { useDecideOffer } from '../api/decide-offer.ts';

type Decision = 'Accept' | 'Decline';

/** Accept and Decline for an open offer, each asked again in a dialog before it is sent. */
export function OfferDecision({ application }: { application: StudentApplication }) {
  const [asking, setAsking] = useState<Decision | null>(null);
  const decide = useDecideOffer();
  const offer = application.offer;
  if (!offer || offer.state !== 'Offered') return null;

  const confirm = () => {
    if (!asking) return;
    decide.mutate(
      { applicationId: application._id, decision: asking },
      {
        onSuccess: (message) => toast.success(message),
        onSettled: () => setAsking(null),
      },
    );
  };

  return (
    <>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => setAsking('Accept')}>Accept offer</Button>
        <Button variant="secondary" onClick={() => setAsking('Decline')}>
          Decline offer
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'Accept' ? 'Accept this offer?' : 'Decline this offer?'}
        confirmLabel={asking === 'Accept' ? 'Yes, accept' : 'Yes, decline'}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
        isPending={decide.isPending}
      >
        {asking === 'Accept'
          ? offers.confirmAccept(application.company, lpa(offer.package))
          : offers.confirmDecline(application.company)}
      </ConfirmDialog>
    </>
  );
}
