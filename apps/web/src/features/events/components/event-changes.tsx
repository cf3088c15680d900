import { zodResolver } from '@hookform/resolvers/zod';
import { type PlacementEvent, type UpdateEventBody, updateEventBody } from '@portal/contracts/events';
import { events as messages } from '@portal/contracts/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { fromDateTimeLocal, toDateTimeLocal, zoneNote } from '../../../lib/dates.ts';
import { type EventSide, useCancelEvent, useUpdateEvent } from '../api/manage-events.ts';

/**
 * The form (the contract's body, its times as datetime-local values in the deployment's zone)
 * checked with the contract's own `updateEventBody` (its messages are the server's), times read as
 * instants.
 */
const changeSchema = z
  .custom<UpdateEventBody>()
  .transform((form) => ({
    ...form,
    startsAt: fromDateTimeLocal(form.startsAt) ?? form.startsAt,
    endsAt: fromDateTimeLocal(form.endsAt) ?? form.endsAt,
  }))
  .pipe(updateEventBody);

/**
 * Moves the event to another time or place, prefilled with where and when it is now. Remount it
 * (by key) when the event changes, so it shows the saved values.
 */
export function ChangeEventForm({ side, event }: { side: EventSide; event: PlacementEvent }) {
  const update = useUpdateEvent(side, event.id, { onSuccess: () => toast.success(messages.updated) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changeSchema),
    defaultValues: {
      startsAt: toDateTimeLocal(event.startsAt),
      endsAt: toDateTimeLocal(event.endsAt),
      place: event.place,
      onlineLink: event.onlineLink,
    },
  });
  return (
    <Card>
      <h3 id="change-event-heading" className="font-semibold text-slate-900">
        {messages.change}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{messages.changeHint}</p>
      <form
        noValidate
        aria-labelledby="change-event-heading"
        className="mt-3 grid gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit((body) => update.mutate(body))}
      >
        <TextField
          label="Starts"
          type="datetime-local"
          hint={zoneNote()}
          error={errors.startsAt?.message}
          {...register('startsAt')}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          error={errors.endsAt?.message}
          {...register('endsAt')}
        />
        <TextField
          label="Place"
          hint="A room or hall; or give an online link."
          maxLength={200}
          error={errors.place?.message}
          {...register('place')}
        />
        <TextField
          label="Online link"
          type="url"
          placeholder="https://"
          error={errors.onlineLink?.message}
          {...register('onlineLink')}
        />
        <div className="space-y-2 sm:col-span-2">
          <Button type="submit" isPending={update.isPending}>
            {messages.saveChange}
          </Button>
          <FormAlert error={update.error} />
        </div>
      </form>
    </Card>
  );
}

/** Cancels the event once asked to confirm: registration closes and its students are told. */
export function CancelEventButton({ side, id }: { side: EventSide; id: string }) {
  const cancel = useCancelEvent(side, id, { onSuccess: (message) => toast.success(message) });
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {messages.cancelEvent}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={messages.cancelEvent}
        confirmLabel={messages.cancelEvent}
        cancelLabel={messages.keepEvent}
        isPending={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        {messages.confirmCancel}
      </ConfirmDialog>
    </>
  );
}
