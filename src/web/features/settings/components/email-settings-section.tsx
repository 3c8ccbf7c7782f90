import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  PAYMENT_TEMPLATE_PLACEHOLDER_LABELS,
  PAYMENT_TEMPLATE_PLACEHOLDERS,
  type PaymentTemplatePlaceholder,
} from '#shared/payment-template.ts';
import {
  emailConfigSchema,
  type EmailConfig,
  type EmailConfigDto,
  type EmailConfigInput,
} from '#shared/schemas/email-config.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { TextAreaField, TextField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/lib/toast.ts';
import { useEmailConfig, useSaveEmailConfig } from '../api/email-config.ts';
import { EMAIL_SETTINGS_MESSAGES as M } from '../messages.ts';
import { ListError, ListLoading } from './list-states.tsx';
import { PaymentEmailPreview } from './payment-email-preview.tsx';
import { SettingsSection } from './settings-section.tsx';

/** Text inputs hold '' for "the default"; the shared schema turns '' back into null. */
function toValues(settings: EmailConfig): EmailConfigInput {
  return {
    senderName: settings.senderName ?? '',
    replyTo: settings.replyTo ?? '',
    bccSelf: settings.bccSelf,
    paymentTemplate: settings.paymentTemplate ?? '',
  };
}

function EmailSettingsForm({ config }: { config: EmailConfigDto }) {
  const save = useSaveEmailConfig();
  const form = useForm<EmailConfigInput, unknown, EmailConfig>({
    resolver: zodResolver(emailConfigSchema),
    defaultValues: toValues(config.settings),
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const template = useWatch({ control: form.control, name: 'paymentTemplate' }) ?? '';
  const senderName = useWatch({ control: form.control, name: 'senderName' })?.trim() ?? '';
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const { ref: registerTemplate, ...templateField } = form.register('paymentTemplate');

  /** Types `{name}` where the cursor is, and puts the cursor after it. */
  function insert(name: PaymentTemplatePlaceholder) {
    const current = form.getValues('paymentTemplate') ?? '';
    const element = textarea.current;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? start;
    const token = `{${name}}`;
    form.setValue('paymentTemplate', current.slice(0, start) + token + current.slice(end), {
      shouldDirty: true,
      shouldValidate: true,
    });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(toValues(saved.settings));
        void toast.success(M.saved);
      },
      onError: (error) => {
        form.setError('root.server', { message: error.message });
        void toast.error(M.saveFailed, { description: error.message });
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={M.senderName}
          autoComplete="organization"
          placeholder={config.defaults.senderName}
          hint={M.senderNameHint(config.defaults.senderName)}
          error={errors.senderName?.message}
          {...form.register('senderName')}
        />
        <TextField
          label={M.replyTo}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={config.defaults.email}
          hint={M.replyToHint(config.defaults.email)}
          error={errors.replyTo?.message}
          {...form.register('replyTo')}
        />
      </div>
      <label className="flex cursor-pointer items-start gap-3 text-sm">
        <Checkbox className="mt-0.5" {...form.register('bccSelf')} />
        <span>
          <span className="font-medium text-slate-800">{M.bccSelf}</span>
          <span className="block text-slate-600">
            {M.bccSelfDescription(config.defaults.email)}
          </span>
        </span>
      </label>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-3">
          <TextAreaField
            label={M.template}
            rows={8}
            hint={M.templateHint}
            error={errors.paymentTemplate?.message}
            {...templateField}
            ref={(element: HTMLTextAreaElement | null) => {
              registerTemplate(element);
              textarea.current = element;
            }}
          />
          <div>
            <p className="text-sm font-medium text-slate-800">{M.placeholdersTitle}</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {PAYMENT_TEMPLATE_PLACEHOLDERS.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    onClick={() => insert(name)}
                    aria-label={M.insertPlaceholder(name)}
                    title={PAYMENT_TEMPLATE_PLACEHOLDER_LABELS[name]}
                    className="focus-visible:ring-brand-500/60 hover:border-brand-600 flex min-h-9 items-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-left text-xs text-slate-800 focus-visible:ring-3 focus-visible:outline-none"
                  >
                    <code className="font-semibold">{`{${name}}`}</code>
                    <span className="text-slate-500">
                      {PAYMENT_TEMPLATE_PLACEHOLDER_LABELS[name]}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <PaymentEmailPreview
          template={template}
          senderName={senderName || config.defaults.senderName}
        />
      </div>
      {errors.root?.server?.message ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.root.server.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? M.saving : M.save}
        </Button>
        {isDirty ? (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => form.reset(toValues(config.settings))}
          >
            {M.reset}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** /configuracoes → how the payment emails to suppliers go out (the account's email_config). */
export function EmailSettingsSection() {
  const config = useEmailConfig(true);
  let body;
  if (config.isPending) body = <ListLoading />;
  else if (config.isError)
    body = <ListError message={M.loadFailed} onRetry={() => void config.refetch()} />;
  else body = <EmailSettingsForm config={config.data} />;
  return (
    <SettingsSection
      id="emails"
      title={M.title}
      description={M.description}
      icon={<Mail className="size-5 text-slate-500" aria-hidden />}
    >
      {body}
    </SettingsSection>
  );
}
