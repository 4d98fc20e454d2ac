import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import { PLAN_POINTS_MAX } from '@promotor/contract';
import { PointPicker } from '../points/point-picker.tsx';
import { emptyPoint, pointFromRegister, type ActionFormErrors, type PointFormValues } from './action-form.ts';

type Props = {
  /** The action's territory: the register a point is picked from (issue 34). */
  territory: string;
  points: PointFormValues[];
  errors: ActionFormErrors;
  onChange: (points: PointFormValues[]) => void;
};

/**
 * The action's points, as the import plans them (issue 33): each with its address and, when known,
 * its coordinates and Petra id; one added or removed at a time. A point the action has keeps its uuid,
 * so what was done at it stays with it.
 */
export function ActionPoints({ territory, points, errors, onChange }: Props) {
  const set = (index: number, change: Partial<PointFormValues>) =>
    onChange(points.map((point, i) => (i === index ? { ...point, ...change } : point)));
  const field = (index: number, name: Exclude<keyof PointFormValues, 'uuid' | 'code'>) => ({
    name: `points.${index}.${name}`,
    value: points[index]![name],
    error: errors[`points.${index}.${name}`] ?? null,
    autoComplete: 'off',
    // A point of the register keeps its name and address (changed on the Punkty page); its Petra id is the action's.
    readOnly: Boolean(points[index]!.code) && name !== 'petraId',
    onChange: (event: { target: { value: string } }) => set(index, { [name]: event.target.value }),
  });

  return (
    <>
      {points.map((point, i) => (
        <fieldset key={point.uuid ?? `new-${i}`} className="plan-point">
          <legend>{pl.biuro.plan.pointTitle(i + 1)}</legend>
          {point.code ? (
            <div className="point-picker__chosen" role="status">
              <span>{pl.biuroPoints.picker.chosen(point.code)}</span>
              <Button
                variant="text"
                onClick={() => onChange(points.map((p, n) => (n === i ? { ...emptyPoint(), uuid: p.uuid, petraId: p.petraId } : p)))}
              >
                {pl.biuroPoints.picker.typeOther}
              </Button>
            </div>
          ) : (
            <PointPicker
              territory={territory}
              onPick={(picked) => onChange(points.map((p, n) => (n === i ? pointFromRegister(picked, p) : p)))}
            />
          )}
          <Field {...field(i, 'name')} label={pl.biuro.plan.pointName} />
          <Field {...field(i, 'street')} label={pl.biuro.plan.street} />
          <div className="plan-row">
            <Field {...field(i, 'postalCode')} label={pl.biuro.plan.postalCode} />
            <Field {...field(i, 'city')} label={pl.biuro.plan.city} className="plan-row__wide" />
          </div>
          <div className="plan-row">
            <Field {...field(i, 'latitude')} label={pl.biuro.plan.latitude} inputMode="decimal" placeholder="52,2301" />
            <Field {...field(i, 'longitude')} label={pl.biuro.plan.longitude} inputMode="decimal" placeholder="21,0027" />
            <Field {...field(i, 'petraId')} label={pl.biuro.plan.petraId} />
          </div>
          {points.length > 1 ? (
            <Button
              variant="text"
              onClick={() => onChange(points.filter((_, n) => n !== i))}
              aria-label={`${pl.biuro.plan.removePoint}: ${pl.biuro.plan.pointTitle(i + 1)}`}
            >
              {pl.biuro.plan.removePoint}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {points.length < PLAN_POINTS_MAX ? (
        <Button variant="secondary" onClick={() => onChange([...points, emptyPoint()])}>
          {pl.biuro.plan.addPoint}
        </Button>
      ) : null}
    </>
  );
}
