import { ownDataApi } from '@portal/contracts/api/own-data';
import type { EraseStudentBody } from '@portal/contracts/own-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getErasureStatusQueryOptions } from './get-erasure-status.ts';

/** Closes a graduate's account and erases their personal data; resolves to the confirmation. */
export const eraseStudent = ({ studentId, ...body }: EraseStudentBody & { studentId: string }) =>
  api.call(ownDataApi.erase, { params: { id: studentId }, body });

/** `onErased` lets the page refresh what it shows of the record (a feature knows only its own keys). */
export function useEraseStudent(onErased?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseStudent,
    onSuccess: (_message, { studentId }) => {
      void queryClient.invalidateQueries({ queryKey: getErasureStatusQueryOptions(studentId).queryKey });
      onErased?.();
    },
  });
}
