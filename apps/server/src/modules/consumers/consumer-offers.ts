import type { VerificationChecks } from '@promotor/contract';
import type { ConsumerItemTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConsumerVerification, Registration } from './consumers.ts';

// What a consumer may be offered (decision 063): verify's answer, and the same checks again when she is
// registered (the registry's data may have changed since).

type Item = Pick<ConsumerItemTable, 'kind' | 'brand' | 'model'>;

/** The model a Glo owner may move up to: the webform-available-modal (spec §2, Glo_Pro). */
const GLO_PRO_MODEL = 'Hyper Pro';

/**
 * decision 063: a device brand is offered to someone who has no device of it (Vype is Vuse's former
 * name, so either rules out both) — for Glo, no Hyper Pro: an older glo's owner gets the upgrade (Glo_Pro); a product sample (Neo, Velo, Epok) once; the club to a non-member.
 * singleConsumer is always true here: a consumer is the one with that e-mail (unique), and a number
 * alone never makes two people one (a family phone; decision 063). The flag stays in the answer for a
 * CRM whose data may hold duplicates.
 */
export function judgeOffers(items: Item[], clubMember: boolean): ConsumerVerification {
  const owns = (...brands: string[]) => items.some((i) => i.kind === 'asset' && brands.includes(i.brand));
  const had = (brand: string) => items.some((i) => i.kind === 'product_interest' && i.brand === brand);
  const asset = (available: boolean) => ({ assetAvailable: available, singleConsumer: true });
  const product = (available: boolean) => ({ productAvailable: available, singleConsumer: true });
  const ownsGloPro = items.some((i) => i.kind === 'asset' && i.brand === 'Glo' && i.model === GLO_PRO_MODEL);
  const olderGlo = items.some((i) => i.kind === 'asset' && i.brand === 'Glo' && i.model !== GLO_PRO_MODEL);
  const groups: VerificationChecks = {
    // The Glo offer is the Hyper Pro: an older glo's owner may take it as the upgrade Glo_Pro announces.
    Glo: asset(!ownsGloPro),
    Vuse: asset(!owns('Vuse', 'Vype')),
    Vype: asset(!owns('Vuse', 'Vype')),
    Neo: product(!had('Neo')),
    Velo: product(!had('Velo')),
    Epok: product(!had('Epok')),
    InspirationClub: { notMember: !clubMember, singleConsumer: true },
  };
  return { verification: groups, gloPro: olderGlo && !ownsGloPro };
}

/** The registration's offers against her items: error_asset_unavailable, error_product_unavailable. */
export function refuseUnavailable(items: Item[], r: Pick<Registration, 'assets' | 'products'>): void {
  const { verification } = judgeOffers(items, false);
  for (const asset of r.assets) if (!verification[asset.brand].assetAvailable) throw new AppError('error_asset_unavailable');
  // Veo has no flag of its own: a flavour had before is refused by the database (PRODUCT_INTEREST:CREATION_ERROR).
  for (const product of r.products) {
    if (product.brand !== 'Veo' && !verification[product.brand].productAvailable) throw new AppError('error_product_unavailable');
  }
}
