import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentMutation } from '../../data/current-mutation';
import { http, unwrap } from '../../api/instance';
import { useMe } from '../../data/session-hooks';
import { ErrorNotice } from '../../ui/feedback';

/**
 * The person's reminder e-mails on or off (`PUT /api/auth/me/reminder-emails`); the in-app reminders stay. The
 * state is the user answer's `reminderEmails` (on until turned off).
 */
export function ReminderEmailsSetting() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const save = useCurrentMutation(
    (reminderEmails: boolean) => unwrap(http.PUT('/api/auth/me/reminder-emails', { body: { reminderEmails } })),
    { onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me'] }) },
  );
  if (!me.data) return null;
  const on = save.isPending ? save.variables : me.data.user.reminderEmails;
  return (
    <section aria-labelledby="reminder-settings" className="card">
      <h2 id="reminder-settings" className="h3">
        {t('reminderSettings.title')}
      </h2>
      <label className="check">
        <input
          type="checkbox"
          checked={on}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
          data-testid="reminder-emails"
        />{' '}
        {t('reminderSettings.label')}
      </label>
      <p className="meta">{t('reminderSettings.help')}</p>
      <ErrorNotice error={save.error} title={t('reminderSettings.failed')} />
    </section>
  );
}
