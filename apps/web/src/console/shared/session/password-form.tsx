import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffNameSchema } from '@kippu/contract/console/identity-schemas';
import { useConsoleI18n } from '../i18n/console-i18n.tsx';
import { ErrorNotice, Field } from '../ui/ui.tsx';

/**
 * The server's rule (domain/staff/password-rules.ts, after NIST SP 800-63B): 15 to 128 characters, no
 * composition rules. Checked here only to answer at once; the server also refuses common and breached
 * passwords (`console password rules`), shown as the call's error.
 */
const PASSWORD_MIN_LENGTH = 15;
const PASSWORD_MAX_LENGTH = 128;
const passwordSchema = z
  .object({
    name: staffNameSchema.optional().or(z.literal('')),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
    repeat: z.string(),
  })
  .refine((values) => values.password === values.repeat, { path: ['repeat'] });
type PasswordValues = z.infer<typeof passwordSchema>;

/** A new password typed twice, and with `askName` the person's name (an invitation's acceptance). */
export function PasswordForm({
  askName,
  defaultName,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  askName?: boolean;
  defaultName?: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: { name?: string; password: string }) => void;
}) {
  const { t } = useConsoleI18n();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { name: defaultName ?? '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        if (askName && !values.name) {
          form.setError('name', { type: 'required' });
          return;
        }
        onSubmit({ name: values.name, password: values.password });
      })}
    >
      {askName ? (
        <Field
          label={t('field_name')}
          autoComplete="name"
          error={errors.name ? t('validation_required') : undefined}
          {...form.register('name')}
        />
      ) : null}
      <Field
        label={t('field_new_password')}
        type="password"
        autoComplete="new-password"
        hint={t('password_hint')}
        error={errors.password ? t('validation_password') : undefined}
        {...form.register('password')}
      />
      <Field
        label={t('field_repeat_password')}
        type="password"
        autoComplete="new-password"
        error={errors.repeat ? t('validation_repeat') : undefined}
        {...form.register('repeat')}
      />
      <ErrorNotice error={error} />
      <button className="c-button c-button--primary" type="submit" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
