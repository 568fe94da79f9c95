/** A request of the operator's page that failed, said in the reader's words (the server's coded refusal if any). */
import { useI18n } from '../../i18n.js';
import { saidOfFailure, sayServer } from '../../server-words.js';

export function Failure({ caught }: { caught: unknown }) {
  const { t, lang } = useI18n();
  return (
    <p className="error" role="alert" data-testid="admin-failure">
      {sayServer(lang, saidOfFailure(caught, { text: t('admin.unreadable') }))}
    </p>
  );
}
