import { collegeSigninApi } from '@portal/contracts/api/college-signin';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The Test button: the issuer's discovery, run by the server now. */
export const testProvider = (issuer: string) => api.call(collegeSigninApi.test, { body: { issuer } });

export const useTestProvider = () => useMutation({ mutationFn: testProvider });
