import type { DeviceBurnBody } from '@promotor/contract';
import { AppError } from '../../lib/app-error.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import { inRegistry, type RequestContext } from './lead-register.service.ts';
import * as leadRepo from './lead-register.repository.ts';
import type { LeadsDeps } from './leads.service.ts';

/**
 * spec §7 /device/burn: marks a Glo device she registered as used — on the test action too, when she
 * registered with codes. Unknown, unregistered and another promoter's serial numbers are all
 * error_device_not_found (nobody learns whose a serial is). Burning twice answers the same. A serial
 * only her sandbox registrations named (the exp1707 action without codes never registers a device,
 * decision 067) answers success and burns nothing: the app queues no burn after those (decision 068),
 * but a client that burns after every registration ends as after a real one.
 */
export async function burnDevice(deps: LeadsDeps, caller: CallerUser, body: DeviceBurnBody, context: RequestContext): Promise<void> {
  const serial = body.device.serialNumber.trim().toUpperCase();
  const leads = await leadRepo.herLeadsWithSerial(deps.db, caller.userId, serial);
  if (leads.real) {
    const burnt = await inRegistry(context, () => deps.registry.burnDevice(serial, deps.now().toISOString()));
    if (!burnt) throw new AppError('error_device_not_found');
    return;
  }
  if (!leads.sandbox) throw new AppError('error_device_not_found');
}
