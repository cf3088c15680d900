import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Drops a previewed import; nothing is changed. */
export const discardImport = (id: string) =>
  api.delete<string>(`/api/college-staff/imports/${encodeURIComponent(id)}`);

export const useDiscardImport = () => useMutation({ mutationFn: discardImport });
