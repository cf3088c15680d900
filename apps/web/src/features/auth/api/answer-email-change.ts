import { emailChangeApi } from '@portal/contracts/api/email-change';
import type { AnswerEmailChange } from '@portal/contracts/email-change';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The student's answer, Approve or Decline, with the link sent to their current address. */
export const answerEmailChange = (body: AnswerEmailChange) =>
  api.call(emailChangeApi.student.answer, { body });

export const useAnswerEmailChange = () =>
  useMutation({
    mutationFn: answerEmailChange,
    // A refused link is shown by the page, with what to do next; other failures it toasts itself.
    meta: { ownErrorToast: true },
  });
