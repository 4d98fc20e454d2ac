import { useParams, useSearchParams } from 'react-router';
import { ActionEndScreen, EndPhotosForm } from '../../features/actions/components/action-pages.tsx';
import { DualCameraModal } from '../../features/dual-camera/index.ts';
import { ReviewGate } from '../../features/reports/components/review-gate.tsx';
import * as pl from '../../i18n/pl.ts';

/**
 * /akcja/koniec/:actionId (spec §2 End action). The app joins the two features: the form gets the camera.
 * With ?poprawka: the end photos of that finished action, sent again while the coordinator asks for
 * changes of its report (issue 25, decision 093) — the end screen refuses a finished action otherwise.
 */
export function ActionEndRoute() {
  const [params] = useSearchParams();
  const { actionId } = useParams();
  if (!params.has('poprawka') || !actionId) return <ActionEndScreen Camera={DualCameraModal} />;
  const t = pl.actionEndPhotos;
  return (
    <section className="action-page">
      <ReviewGate key={actionId} actionUuid={actionId} title={t.title}>
        {(report) => (
          <>
            <title>{pl.pageTitle(t.title)}</title>
            <h1>{t.title}</h1>
            <p>
              <strong>{report.name}</strong>
            </p>
            <EndPhotosForm action={{ uuid: report.uuid, name: report.name }} Camera={DualCameraModal} backTo={`/raport/${report.uuid}`} />
          </>
        )}
      </ReviewGate>
    </section>
  );
}
