import { collegeSigninApi } from '@portal/contracts/api/college-signin';
import {
  collegeSigninMessages,
  roleGroups,
  SIGNIN_ERROR_PARAM,
  signinErrorCodes,
} from '@portal/contracts/college-signin';
import type { Role } from '@portal/contracts/common';
import { urlOf } from '@portal/contracts/endpoint';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { useSigninOptions } from '../api/get-signin-options.ts';

/** Why a sign-in through the college failed, from the code the server put in the page's address. */
export function SigninError() {
  const [params] = useSearchParams();
  const code = signinErrorCodes.find((c) => c === params.get(SIGNIN_ERROR_PARAM));
  if (!code) return null;
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {collegeSigninMessages.errors[code]}
    </div>
  );
}

/**
 * The college's "Sign in with …" buttons for the role, above the password form, which shows unless
 * the college turned the role's passwords off (`passwordForm`). Each button is a plain link: the
 * server sends the browser on to the provider.
 */
export function SigninProviders({ role, passwordForm }: { role: Role; passwordForm: ReactNode }) {
  const options = useSigninOptions(role);
  const providers = options.data?.providers ?? [];
  const passwords = options.data?.passwordSignin ?? true;
  return (
    <>
      <SigninError />
      {providers.length > 0 && (
        <ul className="space-y-2" aria-label="Sign in through the college">
          {providers.map((provider) => (
            <li key={provider.id}>
              <a
                href={urlOf(collegeSigninApi.start, { params: { id: provider.id }, query: { role } })}
                className={`flex w-full items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold ${buttonVariants.secondary}`}
              >
                {provider.displayName}
              </a>
            </li>
          ))}
        </ul>
      )}
      {providers.length > 0 && passwords && (
        <p className="my-4 flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
          or with your password
        </p>
      )}
      {passwords ? (
        passwordForm
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          {roleGroups[role]} of this college sign in through the college; password sign-in is turned off.
        </p>
      )}
    </>
  );
}
