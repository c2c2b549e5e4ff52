import { useTranslation } from 'react-i18next';

/**
 * What shows while a screen or the session loads, before MUI is there: plain elements drawn by
 * index.html's inline styles like MUI's CircularProgress (same roles and name as FullPageLoader).
 */
export function PageLoader({ fill = true }: { fill?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={fill ? 'page-loader page-loader--fill' : 'page-loader'}>
      <span role="progressbar" aria-label={t('app.loading')} className="page-loader__spinner">
        <svg viewBox="22 22 44 44" aria-hidden="true">
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      </span>
    </div>
  );
}
