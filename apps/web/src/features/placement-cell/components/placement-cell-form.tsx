import { zodResolver } from '@hookform/resolvers/zod';
import { type PlacementCellDetails, placementCell } from '@portal/contracts/placement-cell';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { usePlacementCell } from '../api/get-placement-cell.ts';
import { useSavePlacementCell } from '../api/save-placement-cell.ts';

function Form({ saved }: { saved: PlacementCellDetails }) {
  const save = useSavePlacementCell();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(placementCell), defaultValues: saved });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, { onSuccess: (message) => toast.success(message) }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Placement cell details">
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <TextAreaField label="Address" rows={3} error={errors.address?.message} {...register('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Contact email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Contact phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <FormAlert error={save.error} />
      <div className="flex justify-end">
        <Button type="submit" isPending={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** Staff edit what About and Contact say about the placement cell. */
export function PlacementCellForm() {
  const cell = usePlacementCell();
  if (!cell.data) return null;
  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Placement cell on the public pages</h3>
      <p className="mb-4 text-sm text-slate-600">
        About and Contact show these to everyone, signed in or not. The email and phone may be left empty.
      </p>
      <Form key={JSON.stringify(cell.data)} saved={cell.data} />
    </Card>
  );
}
