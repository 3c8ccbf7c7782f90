import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, User } from 'lucide-react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { signUpErrorMessage } from '#shared/auth-errors.ts';
import { isPlanId } from '#shared/plans.ts';
import { signUpSchema, type SignUpData, type SignUpInput } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { RadioCard, RadioGroup } from '#web/components/ui/radio-group.tsx';
import { readSelectedPlan } from '#web/lib/selected-plan.ts';
import { toast } from '#web/lib/toast.ts';
import { signUp } from '../api/sign-up.ts';
import { AUTH_TEXT } from '../auth-strings.ts';
import { EMPTY_SIGN_UP, visibleSignUpValues } from '../sign-up-values.ts';
import { FieldError, fieldProps, FormAlert, FormField } from './form-field.tsx';

const baseResolver = zodResolver(signUpSchema);
// The same shared schema as the server, applied to the fields of the chosen account type.
const resolver: Resolver<SignUpInput, unknown, SignUpData> = (values, context, options) =>
  baseResolver(visibleSignUpValues(values), context, options);

const legalLinkClass = 'text-brand-700 hover:text-brand-900 font-medium underline';

export function SignUpForm({ onCreated }: { onCreated: (email: string) => void }) {
  const form = useForm<SignUpInput, unknown, SignUpData>({
    resolver,
    defaultValues: EMPTY_SIGN_UP,
  });
  const { errors, isSubmitting } = form.formState;
  const [accountType, acceptTerms] = useWatch({
    control: form.control,
    name: ['accountType', 'acceptTerms'],
  });
  const text = (name: keyof SignUpInput) => errors[name]?.message;

  const onSubmit = form.handleSubmit(async (data) => {
    const plan = readSelectedPlan();
    const result = await signUp({ ...data, ...(isPlanId(plan) ? { plan } : {}) });
    if (!result.ok) {
      // Everything typed stays in the form; only the message changes.
      // A taken email is not an error here: the server answers as for a new one (issue 12.4).
      const message = signUpErrorMessage(result.error);
      form.setError('root.server', { message });
      void toast.error(message, { duration: 6000 });
      return;
    }
    void toast.success(AUTH_TEXT.signUpCreated, { duration: 6000 });
    onCreated(result.data.email || data.email);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <RadioGroup legend={AUTH_TEXT.accountType}>
        <RadioCard
          label={AUTH_TEXT.particular}
          value="particular"
          icon={<User className="size-4 text-slate-500" aria-hidden />}
          {...form.register('accountType')}
        />
        <RadioCard
          label={AUTH_TEXT.empresa}
          value="empresa"
          icon={<Building2 className="size-4 text-slate-500" aria-hidden />}
          {...form.register('accountType')}
        />
      </RadioGroup>

      {accountType === 'empresa' ? (
        <div className="grid gap-4 sm:grid-cols-[3fr_2fr]">
          <FormField
            id="signup-company-name"
            label={AUTH_TEXT.companyName}
            error={text('companyName')}
          >
            <Input
              {...fieldProps('signup-company-name', text('companyName'))}
              autoComplete="organization"
              {...form.register('companyName')}
            />
          </FormField>
          <FormField
            id="signup-company-nif"
            label={AUTH_TEXT.companyNif}
            error={text('companyNif')}
          >
            <Input
              {...fieldProps('signup-company-nif', text('companyNif'))}
              inputMode="numeric"
              maxLength={11}
              {...form.register('companyNif')}
            />
          </FormField>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-[3fr_2fr]">
          <FormField id="signup-full-name" label={AUTH_TEXT.fullName} error={text('fullName')}>
            <Input
              {...fieldProps('signup-full-name', text('fullName'))}
              autoComplete="name"
              {...form.register('fullName')}
            />
          </FormField>
          <FormField
            id="signup-personal-nif"
            label={AUTH_TEXT.personalNif}
            error={text('personalNif')}
          >
            <Input
              {...fieldProps('signup-personal-nif', text('personalNif'))}
              inputMode="numeric"
              maxLength={11}
              {...form.register('personalNif')}
            />
          </FormField>
        </div>
      )}

      <FormField id="signup-email" label={AUTH_TEXT.emailLabel} error={text('email')}>
        <Input
          {...fieldProps('signup-email', text('email'))}
          type="email"
          autoComplete="email"
          placeholder={AUTH_TEXT.emailPlaceholder}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="signup-phone" label={AUTH_TEXT.phone} error={text('phone')}>
        <Input
          {...fieldProps('signup-phone', text('phone'))}
          type="tel"
          autoComplete="tel"
          {...form.register('phone')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="signup-password" label={AUTH_TEXT.passwordLabel} error={text('password')}>
          <PasswordInput
            {...fieldProps('signup-password', text('password'))}
            autoComplete="new-password"
            {...form.register('password')}
          />
        </FormField>
        <FormField
          id="signup-confirm-password"
          label={AUTH_TEXT.confirmPassword}
          error={text('confirmPassword')}
        >
          <PasswordInput
            {...fieldProps('signup-confirm-password', text('confirmPassword'))}
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </FormField>
      </div>

      <div>
        <div className="flex items-start gap-3">
          <Checkbox
            {...fieldProps('signup-terms', text('acceptTerms'))}
            className="mt-0.5"
            {...form.register('acceptTerms')}
          />
          <label htmlFor="signup-terms" className="text-sm text-slate-700">
            {AUTH_TEXT.acceptTermsBefore}
            <a
              href="/termos-servico"
              target="_blank"
              rel="noopener noreferrer"
              className={legalLinkClass}
            >
              {AUTH_TEXT.terms}
              <span className="sr-only"> {AUTH_TEXT.newTab}</span>
            </a>
            {AUTH_TEXT.acceptTermsMiddle}
            <a
              href="/politica-privacidade"
              target="_blank"
              rel="noopener noreferrer"
              className={legalLinkClass}
            >
              {AUTH_TEXT.privacy}
              <span className="sr-only"> {AUTH_TEXT.newTab}</span>
            </a>
          </label>
        </div>
        {text('acceptTerms') ? (
          <FieldError id="signup-terms-erro">{text('acceptTerms')}</FieldError>
        ) : null}
      </div>

      {errors.root?.server?.message ? <FormAlert>{errors.root.server.message}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={!acceptTerms || isSubmitting}>
        {isSubmitting ? AUTH_TEXT.creatingAccount : AUTH_TEXT.createAccount}
      </Button>
    </form>
  );
}
