import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api-client.ts';
import { Card } from './card.tsx';
import { ErrorBlock, LoadingBlock } from './query-states.tsx';

export type CheckboxOption<K extends string> = { name: K; label: string };

type CheckboxSettingsCardProps<K extends string, S extends Record<K, boolean>> = {
  title: string;
  description: string;
  options: readonly CheckboxOption<K>[];
  /** Loads the settings. */
  settings: UseQueryResult<S>;
  /** Saves the whole settings object (other settings in it go back as loaded). */
  update: UseMutationResult<S, Error, S>;
  /** Toasted once a change is saved. */
  savedMessage: string;
};

/**
 * A card of on/off settings, one labelled checkbox each. Each tick saves the whole object at once;
 * while saving, every box is disabled and shows the value being saved; a failure is toasted and
 * the boxes fall back to what the server holds.
 */
export function CheckboxSettingsCard<K extends string, S extends Record<K, boolean>>({
  title,
  description,
  options,
  settings,
  update,
  savedMessage,
}: CheckboxSettingsCardProps<K, S>) {
  const values = update.isPending ? update.variables : settings.data;
  const onChange = (name: K, checked: boolean) => {
    if (!settings.data) return;
    update.mutate(
      { ...settings.data, [name]: checked },
      {
        onSuccess: () => toast.success(savedMessage),
      },
    );
  };

  let content;
  if (settings.isError) {
    content = (
      <ErrorBlock
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
        retrying={settings.isRefetching}
      />
    );
  } else if (!values) content = <LoadingBlock />;
  else {
    content = (
      <fieldset disabled={update.isPending} aria-busy={update.isPending || undefined}>
        <legend className="sr-only">{title}</legend>
        <ul className="space-y-3">
          {options.map((option) => (
            <li key={option.name}>
              <label className="flex items-start gap-3 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 disabled:opacity-60"
                  checked={values[option.name]}
                  onChange={(event) => onChange(option.name, event.target.checked)}
                />
                {option.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  }

  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">{title}</h3>
      <p className="mb-5 text-sm text-slate-600">{description}</p>
      {content}
    </Card>
  );
}
