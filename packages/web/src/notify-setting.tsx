import { useState } from 'react';
import { useI18n } from './i18n.js';
import { notificationsWanted, setNotifications } from './yourturn.js';

/** The player's choice: a browser notification and a sound when a game comes to await them. */
export function NotifySetting({ className = 'card' }: { className?: string }) {
  const { t } = useI18n();
  const [on, setOn] = useState(notificationsWanted);
  const [denied, setDenied] = useState(false);
  return (
    <div className={className}>
      <label>
        <input
          type="checkbox"
          checked={on}
          data-testid="notify"
          onChange={(event) => {
            const wanted = event.target.checked;
            void setNotifications(wanted).then((granted) => {
              setOn(granted);
              setDenied(wanted && !granted);
            });
          }}
        />{' '}
        {t('notify.setting')}
      </label>
      {denied && <p className="muted">{t('notify.denied')}</p>}
    </div>
  );
}
