import { useMutation } from '@tanstack/react-query';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { downloadCsv } from './download';

/** Journals set aside as damaged: nothing was deleted, and what is readable can be taken out as CSV. */
export function SalvagePanel() {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const files = usePosQuery('journal:set-aside', {}, { staleTime: 0 });
  const exportFile = useMutation({
    mutationFn: async (name: string) => unwrap(await pos['journal:salvage-export']({ name })),
    onSuccess: ({ fileName, csv }) => downloadCsv(fileName, csv),
  });
  if (!files.data || files.data.files.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="salvage-title">
      <h2 id="salvage-title">{t('salvage.title')}</h2>
      <p>{t('salvage.body')}</p>
      <ul className="sale-list">
        {files.data.files.map(({ name }) => (
          <li key={name} className="form-row">
            <span className="field-grow">{name}</span>
            <button type="button" className="button button-ghost-dark" disabled={exportFile.isPending} onClick={() => exportFile.mutate(name)}>
              {t('journal.export')}
            </button>
          </li>
        ))}
      </ul>
      {exportFile.data && !exportFile.data.complete && <p className="field-error">{t('salvage.partial', { problem: exportFile.data.problem ?? '' })}</p>}
      {exportFile.error instanceof PosCallError && <p className="field-error" role="alert">{say(exportFile.error.error)}</p>}
    </section>
  );
}
