import type { IcErrorCode } from '@promotor/contract/lead-items';
import { isUniqueViolation, type Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/crypto.ts';
import { judgeOffers, refuseUnavailable } from './consumer-offers.ts';
import type { ConsumerContact, ConsumerRegistry, ConsumerVerification, Registration } from './consumers.ts';
import * as repo from './consumers.repository.ts';

/** Runs a write; a unique index refusing it becomes the §8 code (the race the checks could not see). */
async function refusingDuplicates(
  write: () => Promise<void>,
  code: 'ASSET:CREATION_ERROR' | 'PRODUCT_INTEREST:CREATION_ERROR' | 'error_consumer_multiple_found',
) {
  try {
    await write();
  } catch (error) {
    throw isUniqueViolation(error) ? new AppError(code) : error;
  }
}

/**
 * The registry in our own database (consumers, consumer_items, glo_devices, inspiration_club_members:
 * migrations 008 and 009; decisions 063 and 067).
 */
export class DatabaseConsumerRegistry implements ConsumerRegistry {
  constructor(private readonly db: Db) {}

  async verify(contact: ConsumerContact): Promise<ConsumerVerification | null> {
    const consumer = await repo.findConsumerByEmail(this.db, contact.emailAddress);
    if (!consumer) return null;
    const items = await repo.itemsOfConsumer(this.db, consumer.id);
    const clubMember = consumer.inspiration_club_since !== null || (await repo.isClubListed(this.db, contact.emailAddress));
    return judgeOffers(items, clubMember);
  }

  async register(trx: Db, r: Registration): Promise<{ consumerId: string }> {
    const known = await this.checkOffers(trx, r);
    const glo = r.assets.find((a) => a.brand === 'Glo' && a.serialNumber !== null);
    if (glo?.serialNumber) await this.checkGloSerial(trx, glo.serialNumber);

    const fields: repo.ConsumerFields = {
      email_address: r.contact.emailAddress,
      mobile_number: r.contact.mobileNumber,
      first_name: r.person.firstName,
      last_name: r.person.lastName,
      birth_date: r.person.birthDate,
      postal_code: r.person.postalCode,
      category: r.person.category,
      secondary_brand: r.person.secondaryBrand,
    };
    let consumerId = known ?? newId();
    // Her e-mail's consumer is she (both codes proved she holds it and this number, which she takes as
    // hers now). Another consumer with this number is someone else (a family phone) and stays as she is.
    // A consumer created meanwhile by another registration of the same e-mail is "already a participant".
    // One erased after checkOffers read her row (PostgreSQL reads committed rows; decision 098) is no
    // longer she: the registration makes her a new consumer, as it would have a moment later.
    await refusingDuplicates(async () => {
      if (known && (await repo.updateConsumer(trx, known, { ...fields, updated_at: r.at }))) return;
      if (known) consumerId = newId();
      await repo.insertConsumer(trx, {
        ...fields,
        id: consumerId,
        inspiration_club_since: null,
        created_by_user_id: r.registeredBy,
        created_at: r.at,
        updated_at: null,
      });
    }, 'error_consumer_multiple_found');

    const item = { consumer_id: consumerId, created_at: r.at };
    const assets = r.assets.map((a) => ({
      ...item,
      id: newId(),
      kind: 'asset' as const,
      brand: a.brand,
      model: a.model,
      serial_number: a.serialNumber,
      sku: a.sku,
    }));
    await refusingDuplicates(() => repo.insertItems(trx, assets), 'ASSET:CREATION_ERROR');
    // A product is a sample of a SKU: two packs of one flavour are one product interest.
    const skus = [...new Map(r.products.map((p) => [p.sku, p])).values()];
    const products = skus.map((p) => ({
      ...item,
      id: newId(),
      kind: 'product_interest' as const,
      brand: p.brand,
      model: p.name,
      serial_number: null,
      sku: p.sku,
    }));
    await refusingDuplicates(() => repo.insertItems(trx, products), 'PRODUCT_INTEREST:CREATION_ERROR');
    if (glo?.serialNumber && !(await repo.markGloDeviceRegistered(trx, glo.serialNumber, consumerId, r.at))) {
      throw new AppError('ASSET:CREATION_ERROR');
    }
    return { consumerId };
  }

  /**
   * The verification's checks again (decision 063, judgeOffers): the data may have changed since. The
   * consumer with her e-mail, or null for a new one.
   */
  private async checkOffers(trx: Db, r: Registration): Promise<string | null> {
    const consumer = await repo.findConsumerByEmail(trx, r.contact.emailAddress);
    if (!consumer) return null;
    refuseUnavailable(await repo.itemsOfConsumer(trx, consumer.id), r);
    return consumer.id;
  }

  async checkGloSerial(db: Db, serialNumber: string): Promise<void> {
    const device = await repo.findGloDevice(db, serialNumber);
    if (!device) throw new AppError('error_device_not_found');
    if (device.status !== 'unregistered') throw new AppError('error_device_already_registered');
  }

  async enrolInClub(consumerId: string, contact: ConsumerContact, at: string): Promise<'enrolled' | IcErrorCode> {
    return this.db.transaction().execute(async (trx) => {
      const entries = await repo.findClubEntries(trx, contact.emailAddress);
      if (entries.length > 1) return 'error_ic_consumer_multiple_found';
      const { inspiration_club_since: since } = await repo.findConsumerClubSince(trx, consumerId);
      const entry = entries[0];
      if (since !== null || (entry && entry.left_at === null)) return 'error_ic_consumer_already_exists';
      // She left the club: a promoter cannot put her back, she rejoins by herself.
      if (entry) return 'error_ic_registration_failed';
      await repo.insertClubMember(trx, {
        id: newId(),
        email_address: contact.emailAddress,
        consumer_id: consumerId,
        joined_at: at,
      });
      return 'enrolled';
    });
  }

  async burnDevice(serialNumber: string, at: string): Promise<boolean> {
    return repo.burnGloDevice(this.db, serialNumber, at);
  }
}
