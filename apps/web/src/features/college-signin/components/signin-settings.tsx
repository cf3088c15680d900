import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PasswordSigninSettings,
  type ProviderForm,
  providerForm,
  type ProviderKind,
  providerKinds,
  providerPresets,
  type ProviderView,
  roleGroups,
} from '@portal/contracts/college-signin';
import { type Role, roles } from '@portal/contracts/common';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSigninSettings } from '../api/get-signin-settings.ts';
import { useRemoveProvider } from '../api/remove-provider.ts';
import { useSavePasswordSignin } from '../api/save-password-signin.ts';
import { useSaveProvider } from '../api/save-provider.ts';
import { useTestProvider } from '../api/test-provider.ts';

const checkboxClass = 'mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600';

const emptyForm = (kind: ProviderKind): ProviderForm => ({
  kind,
  displayName: providerPresets[kind].displayName,
  issuer: providerPresets[kind].issuer,
  clientId: '',
  clientSecret: '',
  allowedDomains: '',
  roles: ['student', 'college-staff'],
  enabled: true,
});

const formOf = (p: ProviderView): ProviderForm => ({
  kind: p.kind,
  displayName: p.displayName,
  issuer: p.issuer,
  clientId: p.clientId,
  clientSecret: '',
  allowedDomains: p.allowedDomains.join(', '),
  roles: p.roles,
  enabled: p.enabled,
});

/** The Test button and what it found: the issuer's discovery, run by the server. */
function TestIssuer({ issuer }: { issuer: () => string }) {
  const test = useTestProvider();
  return (
    <div className="space-y-2">
      <Button variant="secondary" isPending={test.isPending} onClick={() => test.mutate(issuer())}>
        Test
      </Button>
      <div aria-live="polite">
        <FormAlert error={test.error} />
        {test.data && (
          <div className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            <p className="font-medium">The provider answered.</p>
            <dl className="mt-1 grid gap-x-3 gap-y-1 break-all sm:grid-cols-[auto_1fr]">
              <dt className="font-medium">Issuer</dt>
              <dd>{test.data.issuer}</dd>
              <dt className="font-medium">Sign-in page</dt>
              <dd>{test.data.authorizationEndpoint}</dd>
              <dt className="font-medium">Token endpoint</dt>
              <dd>{test.data.tokenEndpoint}</dd>
              <dt className="font-medium">PKCE (S256)</dt>
              <dd>{test.data.pkce ? 'Supported' : 'Not announced'}</dd>
              <dt className="font-medium">Scopes</dt>
              <dd>{test.data.scopes.join(', ') || 'Not announced'}</dd>
            </dl>
          </div>
        )}
      </div>
    </div>
  );
}

function ProviderEditor({ provider, onDone }: { provider: ProviderView | null; onDone: () => void }) {
  const save = useSaveProvider();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(providerForm),
    defaultValues: provider ? formOf(provider) : emptyForm('google'),
  });
  const rolesId = useId();
  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: provider?.id ?? null, body },
      {
        onSuccess: (message) => {
          toast.success(message);
          onDone();
        },
      },
    ),
  );
  const kind = register('kind');
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label={provider ? 'Edit sign-in provider' : 'New sign-in provider'}
    >
      <SelectField
        label="Provider"
        {...kind}
        onChange={(event) => {
          void kind.onChange(event);
          const chosen = providerKinds.find((k) => k === event.target.value);
          if (!chosen) return;
          setValue('issuer', providerPresets[chosen].issuer);
          setValue('displayName', providerPresets[chosen].displayName);
        }}
      >
        {providerKinds.map((k) => (
          <option key={k} value={k}>
            {providerPresets[k].label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Issuer URL"
        hint="For Microsoft Entra ID, put the college's tenant ID in place of {tenant-id}."
        error={errors.issuer?.message}
        {...register('issuer')}
      />
      <TestIssuer issuer={() => getValues('issuer')} />
      <TextField label="Button text" error={errors.displayName?.message} {...register('displayName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Client ID"
          autoComplete="off"
          error={errors.clientId?.message}
          {...register('clientId')}
        />
        <TextField
          label="Client secret"
          type="password"
          autoComplete="new-password"
          hint={provider?.hasClientSecret ? 'Stored and never shown. Leave empty to keep it.' : undefined}
          error={errors.clientSecret?.message}
          {...register('clientSecret')}
        />
      </div>
      <TextField
        label="Allowed email domains"
        hint="Separated by commas, such as college.edu, students.college.edu."
        error={errors.allowedDomains?.message}
        {...register('allowedDomains')}
      />
      <fieldset aria-describedby={errors.roles ? `${rolesId}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">Who signs in with it</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {roles.map((role: Role) => (
            <label key={role} className="flex items-start gap-2 text-sm text-slate-700">
              <input type="checkbox" className={checkboxClass} value={role} {...register('roles')} />
              {roleGroups[role]}
            </label>
          ))}
        </div>
        {errors.roles && (
          <p id={`${rolesId}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {errors.roles.message}
          </p>
        )}
      </fieldset>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className={checkboxClass} {...register('enabled')} />
        Show its button on the sign-in pages
      </label>
      <FormAlert error={save.error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

function ProviderItem({ provider, onEdit }: { provider: ProviderView; onEdit: () => void }) {
  const remove = useRemoveProvider();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{provider.displayName}</p>
          <p className="text-sm break-all text-slate-600">{provider.issuer}</p>
          <p className="text-sm text-slate-600">
            {provider.roles.map((r) => roleGroups[r]).join(', ')} · {provider.allowedDomains.join(', ')}
            {provider.enabled ? '' : ' · turned off'}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${provider.displayName}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${provider.displayName}`}
          >
            Remove
          </Button>
        </div>
      </div>
      <FormAlert error={remove.error} />
      <ConfirmDialog
        open={confirming}
        title="Remove this sign-in provider?"
        confirmLabel="Remove"
        isPending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(provider.id, {
            onSuccess: (message) => toast.success(message),
            onSettled: () => setConfirming(false),
          })
        }
      >
        Its button leaves the sign-in pages; accounts are not changed.
      </ConfirmDialog>
    </li>
  );
}

function PasswordSignin({ saved }: { saved: PasswordSigninSettings }) {
  const save = useSavePasswordSignin();
  const [value, setValue] = useState(saved);
  return (
    <Card>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Password sign-in</h3>
      <p className="mb-4 text-sm text-slate-600">
        Turned off, the role signs in only through a provider above, and &quot;Forgot password&quot; says so.
        Recruiters always keep their passwords.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(value, { onSuccess: (message) => toast.success(message) });
        }}
        className="space-y-3"
      >
        <fieldset>
          <legend className="sr-only">Who may sign in with a password</legend>
          {(['student', 'college-staff'] as const).map((role) => (
            <label key={role} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={value[role]}
                onChange={(event) => setValue({ ...value, [role]: event.target.checked })}
              />
              {roleGroups[role]} may sign in with a password
            </label>
          ))}
        </fieldset>
        <FormAlert error={save.error} />
        <div className="flex justify-end">
          <Button type="submit" isPending={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Staff set up the college's sign-in providers and whether students and staff keep passwords. */
export function SigninSettings() {
  const settings = useSigninSettings();
  const [editing, setEditing] = useState<string | null>(null); // a provider's id, or 'new';
  if (settings.isError) {
    return (
      <ErrorBlock
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
        retrying={settings.isRefetching}
      />
    );
  }
  if (!settings.data) return <LoadingBlock />;
  const { providers, passwordSignin, redirectUri } = settings.data;
  return (
    <div className="space-y-6">
      <Card>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Sign-in providers</h3>
        <p className="mb-4 text-sm text-slate-600">
          Register the portal at the provider as a web application with this redirect URI:{' '}
          <code className="break-all rounded bg-slate-100 px-1 py-0.5 text-slate-900">{redirectUri}</code>. An
          account signs in when the provider has verified its email and the email is in an allowed domain;
          nobody is signed up by it.
        </p>
        {providers.length > 0 ? (
          <ul className="mb-4 space-y-3">
            {providers.map((provider) =>
              editing === provider.id ? (
                <li key={provider.id} className="rounded-lg border border-indigo-200 p-4">
                  <ProviderEditor provider={provider} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <ProviderItem key={provider.id} provider={provider} onEdit={() => setEditing(provider.id)} />
              ),
            )}
          </ul>
        ) : (
          <p className="mb-4 text-sm text-slate-600">No provider yet: everyone signs in with a password.</p>
        )}
        {editing === 'new' ? (
          <div className="rounded-lg border border-indigo-200 p-4">
            <ProviderEditor provider={null} onDone={() => setEditing(null)} />
          </div>
        ) : (
          <Button onClick={() => setEditing('new')}>Add a provider</Button>
        )}
      </Card>
      <PasswordSignin key={JSON.stringify(passwordSignin)} saved={passwordSignin} />
    </div>
  );
}
