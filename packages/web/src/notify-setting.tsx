import { useState } from 'react';
import { ChoiceCheckbox } from './choice-checkbox.js';
import { useI18n } from './i18n.js';
import { notificationsWanted, setNotifications } from './yourturn.js';

/** The player's choice: a browser notification and a sound when a game comes to await them. */
export function NotifySetting({ className }: { className?: string }) {
  const { t } = useI18n();
  const [on, setOn] = useState(notificationsWanted);
  const [denied, setDenied] = useState(false);
  return (
    <ChoiceCheckbox
      className={className}
      checked={on}
      testId="notify"
      label={t('notify.setting')}
      onChange={(wanted) => {
        void setNotifications(wanted).then((granted) => {
          setOn(granted);
          setDenied(wanted && !granted);
        });
      }}
    >
      {denied && <p className="muted">{t('notify.denied')}</p>}
    </ChoiceCheckbox>
  );
}
