import { toast } from 'react-toastify';
import { Card } from '../../../components/ui/card.tsx';
import { MessageForm } from '../../../components/ui/message-form.tsx';
import type { StudentFilters } from '../api/get-students.ts';
import { useStudentsMessagePreview } from '../api/preview-students-message.ts';
import { useSendStudentsMessage } from '../api/send-students-message.ts';

/** "Message these students": one message to every student the list's filters choose. */
export function StudentsMessagePanel({ filters }: { filters: StudentFilters }) {
  const preview = useStudentsMessagePreview(filters);
  const send = useSendStudentsMessage();
  return (
    <Card>
      <h3 className="mb-4 text-lg font-semibold text-slate-900">Message these students</h3>
      <MessageForm
        heading="Message these students"
        noun="student"
        preview={preview.data}
        previewPending={preview.isPending}
        isSending={send.isPending}
        onSend={(text) =>
          send.mutateAsync({ filters, text }).then(
            (message) => {
              toast.success(message);
              return true;
            },
            // The query client toasts the failure.
            () => false,
          )
        }
      />
    </Card>
  );
}
