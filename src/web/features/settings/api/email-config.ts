import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailConfigDto, EmailConfigInput } from '#shared/schemas/email-config.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { emailConfigKeys } from '#web/lib/query-keys.ts';
import { SETTINGS_MESSAGES } from '../messages.ts';

/** `GET /api/email-config`: the account's email settings and what applies when one is blank. */
export function fetchEmailConfig(): Promise<EmailConfigDto> {
  return callApi(() => api.api['email-config'].$get(), SETTINGS_MESSAGES.emailConfigLoadFailed);
}

export const emailConfigQueryOptions = queryOptions({
  queryKey: emailConfigKeys.all,
  queryFn: fetchEmailConfig,
  staleTime: 60_000,
});

export function useEmailConfig(enabled: boolean) {
  return useQuery({ ...emailConfigQueryOptions, enabled });
}

/** `PUT /api/email-config`: every setting at once; answers them as stored. */
export function saveEmailConfig(input: EmailConfigInput): Promise<EmailConfigDto> {
  return callApi(
    () => api.api['email-config'].$put({ json: input }),
    SETTINGS_MESSAGES.emailConfigSaveFailed,
  );
}

export function useSaveEmailConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailConfig,
    retry: false,
    onSuccess: (saved) => queryClient.setQueryData(emailConfigKeys.all, saved),
  });
}
