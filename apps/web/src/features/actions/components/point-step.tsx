import type { ActionPoint } from '@promotor/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { formatPointChoice } from '../action-format.ts';
import { LocationChooser } from './location-chooser.tsx';

export type PointStepProps = {
  points: readonly ActionPoint[];
  chosen: ActionPoint | null;
  onChoose: (point: ActionPoint) => void;
};

/** The point she checks in at, for an action with more than one (spec §2 location chooser). */
export function PointStep({ points, chosen, onChoose }: PointStepProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="point-step">
      <p className="form-step__title">{pl.actionDetail.location}</p>
      <p>{chosen ? formatPointChoice(chosen) : pl.actionStart.needLocation}</p>
      <Button variant="secondary" block onClick={() => setOpen(true)}>
        {pl.actionDetail.chooseLocation}
      </Button>
      <LocationChooser
        open={open}
        points={points}
        onChoose={(point) => {
          onChoose(point);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
