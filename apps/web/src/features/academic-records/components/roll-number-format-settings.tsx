import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_ROLL_NUMBER_FORMAT, rollNumberFormat } from '@portal/contracts/students';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCollegeSettings } from '../api/get-college-settings.ts';
import { useUpdateCollegeSettings } from '../api/update-college-settings.ts';

const formSchema = z.object({ rollNumberFormat });

/**
 * How the college writes roll numbers: a regular expression every roll number must match whole
 * (the student's form, the staff edit and the CSV import show it in their error).
 */
export function RollNumberFormatSettings() {
  const settings = useCollegeSettings();
  const update = useUpdateCollegeSettings();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    values: { rollNumberFormat: settings.data?.rollNumberFormat ?? DEFAULT_ROLL_NUMBER_FORMAT },
  });

  let content;
  if (settings.isError) {
    content = (
      <ErrorBlock
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
        retrying={settings.isRefetching}
      />
    );
  } else if (!settings.data) content = <LoadingBlock />;
  else {
    const current = settings.data;
    content = (
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={handleSubmit((values) =>
          update.mutate(
            { ...current, rollNumberFormat: values.rollNumberFormat },
            {
              onSuccess: () => toast.success('Roll number format saved.'),
              onError: (error) => toast.error(errorMessage(error)),
            },
          ),
        )}
      >
        <TextField
          className="min-w-0 flex-1"
          label="Roll number format"
          hint={`A regular expression for the whole roll number; the default ${DEFAULT_ROLL_NUMBER_FORMAT} allows letters, digits, / and -.`}
          spellCheck={false}
          error={errors.rollNumberFormat?.message}
          {...register('rollNumberFormat')}
        />
        <Button type="submit" isPending={update.isPending}>
          Save format
        </Button>
      </form>
    );
  }

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Roll numbers</h3>
      <p className="mb-5 text-sm text-slate-600">
        Roll numbers are kept as the college writes them (for example 19BCE1234) and are unique among its
        students.
      </p>
      {content}
    </Card>
  );
}
