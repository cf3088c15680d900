import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PlacementPolicy,
  placementPolicyBody,
  type PlacementPolicyPreview,
  type PlacementPolicyVersion,
} from '@portal/contracts/placement-policy';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { usePreviewPlacementPolicy } from '../api/preview-placement-policy.ts';
import { useSavePlacementPolicy } from '../api/save-placement-policy.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';

/** The rules of a saved version, as the form edits them. */
const rulesOf = (v: PlacementPolicyVersion): PlacementPolicy => ({
  maxAcceptedOffers: v.maxAcceptedOffers,
  tiers: v.tiers.map((t) => ({ name: t.name, minPackage: t.minPackage })),
  higherTierAfterPlaced: v.higherTierAfterPlaced,
  internshipsCount: v.internshipsCount,
  decisionDays: v.decisionDays,
  noShowLimit: v.noShowLimit,
  noShowDebarDays: v.noShowDebarDays,
  driveDayHigherTiersFirst: v.driveDayHigherTiersFirst,
});

const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;

function PreviewSide({ title, side }: { title: string; side: PlacementPolicyPreview['gain'] }) {
  return (
    <div className="min-w-0">
      <h4 className="text-sm font-semibold text-slate-900">
        {title}: {students(side.count)}
      </h4>
      {side.sample.length > 0 && (
        <ul aria-label={title} className="mt-1 list-disc pl-5 text-sm text-slate-700">
          {side.sample.map((name) => (
            <li key={name}>{name}</li>
          ))}
          {side.count > side.sample.length && (
            <li className="list-none text-slate-500">and {side.count - side.sample.length} more</li>
          )}
        </ul>
      )}
    </div>
  );
}

function PreviewResult({ preview }: { preview: PlacementPolicyPreview }) {
  return (
    <div className="rounded-xl border border-indigo-200 bg-indigo-50/50 px-4 py-3">
      <p className="text-sm text-slate-700">
        Compared with the policy in force, over {preview.openJobs} open{' '}
        {preview.openJobs === 1 ? 'job' : 'jobs'}:
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <PreviewSide title="Would gain the right to apply" side={preview.gain} />
        <PreviewSide title="Would lose the right to apply" side={preview.lose} />
      </div>
    </div>
  );
}

/**
 * Staff edit the season's placement policy: the accepted offers allowed, the tiers (package bands
 * by their lower bound), the two switches and the decision window. "Preview changes" runs the dry
 * run on the draft; "Save" stores it as a new version. Checked with the contract's own schema.
 */
export function PlacementPolicyForm({ current }: { current: PlacementPolicyVersion }) {
  const save = useSavePlacementPolicy();
  const preview = usePreviewPlacementPolicy();
  const previewId = useId();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(placementPolicyBody), defaultValues: rulesOf(current) });
  const tiers = useFieldArray({ control, name: 'tiers' });

  const onSave = handleSubmit((policy) =>
    save.mutate(policy, {
      onSuccess: (message) => {
        toast.success(message);
        preview.reset();
      },
    }),
  );
  const onPreview = handleSubmit((policy) => preview.mutate(policy));
  const addTier = () => {
    const last = getValues('tiers').at(-1);
    tiers.append({ name: '', minPackage: (Number(last?.minPackage) || 0) + 10 }, { shouldFocus: true });
  };
  const tiersError = errors.tiers?.message ?? errors.tiers?.root?.message;

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">
        Policy in force: version {current.version}
      </h3>
      <p className="mb-5 text-sm text-slate-600">
        Saving stores a new version; the rules apply at once to applications and offers.
      </p>
      <form noValidate onSubmit={onSave} className="space-y-6">
        <fieldset className="min-w-0">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Tiers</legend>
          <p className="mb-3 text-xs text-slate-500">
            Package bands by their lower bound in LPA, lowest first from 0. A job without a package is in the
            lowest tier.
          </p>
          <ul className="space-y-3">
            {tiers.fields.map((field, index) => (
              <li key={field.id} className="grid items-start gap-3 sm:grid-cols-[1fr_10rem_auto]">
                <TextField
                  label={`Tier ${index + 1} name`}
                  error={errors.tiers?.[index]?.name?.message}
                  {...register(`tiers.${index}.name`)}
                />
                <TextField
                  label={`Tier ${index + 1} from (LPA)`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.5}
                  error={errors.tiers?.[index]?.minPackage?.message}
                  {...register(`tiers.${index}.minPackage`, { valueAsNumber: true })}
                />
                <Button
                  variant="ghost"
                  className="sm:mt-6"
                  onClick={() => tiers.remove(index)}
                  disabled={tiers.fields.length === 1}
                  aria-label={`Remove tier ${index + 1}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {tiersError && (
            <p role="alert" className="mt-2 text-sm text-red-600">
              {tiersError}
            </p>
          )}
          <Button variant="secondary" className="mt-3" onClick={addTier} disabled={tiers.fields.length >= 10}>
            Add tier
          </Button>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-semibold text-slate-900">Rules</legend>
          <TextField
            label="Accepted offers allowed"
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            step={1}
            hint="How many offers a student may accept in the season."
            error={errors.maxAcceptedOffers?.message}
            {...register('maxAcceptedOffers', { valueAsNumber: true })}
          />
          <TextField
            label="Days to decide on an offer"
            type="number"
            inputMode="numeric"
            min={3}
            max={60}
            step={1}
            hint="When the company gives no decide-by date."
            error={errors.decisionDays?.message}
            {...register('decisionDays', { valueAsNumber: true })}
          />
          <TextField
            label="No-shows that debar a student"
            type="number"
            inputMode="numeric"
            min={0}
            max={10}
            step={1}
            hint="Drive-day interviews missed in a season; 0 for no penalty."
            error={errors.noShowLimit?.message}
            {...register('noShowLimit', { valueAsNumber: true })}
          />
          <TextField
            label="Days debarred for no-shows"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            step={1}
            hint="Staff may waive a no-show with a reason."
            error={errors.noShowDebarDays?.message}
            {...register('noShowDebarDays', { valueAsNumber: true })}
          />
          <label className="flex items-start gap-3 text-sm text-slate-700 sm:col-span-2">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
              {...register('higherTierAfterPlaced')}
            />
            Placed students may apply to jobs of a higher tier than their accepted offer
          </label>
          <label className="flex items-start gap-3 text-sm text-slate-700 sm:col-span-2">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
              {...register('internshipsCount')}
            />
            Internship offers count towards the limit and the tiers
          </label>
        </fieldset>

        <section aria-live="polite" aria-label="Preview of the changes" id={previewId}>
          {preview.data && <PreviewResult preview={preview.data} />}
        </section>

        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-5">
          <Button
            variant="secondary"
            onClick={() => void onPreview()}
            isPending={preview.isPending}
            aria-controls={previewId}
          >
            Preview changes
          </Button>
          <FormAlert error={save.error} />
          <Button type="submit" isPending={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
