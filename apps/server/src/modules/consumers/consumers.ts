import type { VerificationChecks } from '@promotor/contract';
import type { IcErrorCode } from '@promotor/contract/lead-items';
import type { Db } from '../../db/kysely.ts';

// The consumers module's face for the webform (decision 084): the registry's interface and the shapes
// it takes and answers. Leads registers through it; app.ts picks the implementation
// (database-consumer-registry.ts, or a test's). What MGM reads of a consumer is in consumers.service.ts.

/** Who the promoter is registering: the e-mail (lower-case) and the number with its prefix. */
export type ConsumerContact = { emailAddress: string; mobileNumber: string };

/** What a known consumer may be offered: per offer a group of checks (spec §4), and the Glo Pro offer. */
export type ConsumerVerification = {
  verification: VerificationChecks;
  gloPro: boolean;
};

/**
 * The consumer registry behind the webform (decision 063). In the original product this was the brand's
 * CRM; here the server keeps its own, and a CRM connector can replace this one implementation without
 * touching the routes or the web app. It never hands out a consumer's name, birth date or phone.
 */
export interface ConsumerRegistry {
  /** The offers' checks for the consumer with that e-mail (the number does not identify her); null when there is none. */
  verify(contact: ConsumerContact): Promise<ConsumerVerification | null>;
  /**
   * Writes the consumer (new, or the one with that e-mail updated), her devices and products, and marks
   * her Glo serial registered, inside the caller's transaction `trx` (the lead and the consent records
   * are written in the same one). Refuses with AppError and a §8 code (error_consumer_multiple_found,
   * error_asset_unavailable, error_product_unavailable, error_device_not_found,
   * error_device_already_registered, ASSET:CREATION_ERROR, PRODUCT_INTEREST:CREATION_ERROR); anything
   * else it throws is the registry failing (the service answers error_m2_exception).
   */
  register(trx: Db, registration: Registration): Promise<{ consumerId: string }>;
  /**
   * The device registry's checks of a Glo serial (upper-case) without marking anything: the test
   * action's sandbox (decision 067). error_device_not_found or error_device_already_registered.
   */
  checkGloSerial(db: Db, serialNumber: string): Promise<void>;
  /**
   * Enrols a registered consumer in the loyalty club, after the registration is stored: 'enrolled', or
   * the loyalty-club code saying why not (the registration stands either way, spec §4).
   */
  enrolInClub(consumerId: string, contact: ConsumerContact, at: string): Promise<'enrolled' | IcErrorCode>;
  /** Marks a registered Glo device as used; false when the serial is not a registered device. */
  burnDevice(serialNumber: string, at: string): Promise<boolean>;
}

/** What a registration hands the registry: the consumer form's person, and the items of her offers. */
export type Registration = {
  contact: ConsumerContact;
  person: {
    firstName: string;
    lastName: string;
    /** 'YYYY-MM-DD' */
    birthDate: string;
    /** 'NN-NNN' */
    postalCode: string;
    category: string;
    secondaryBrand: string | null;
  };
  /** Devices: Glo with its serial number (upper-case) when given, Vuse. */
  assets: { brand: 'Glo' | 'Vuse'; model: string; serialNumber: string | null; sku: string }[];
  /** Samples: Velo, Veo (with a Glo), Neo. */
  products: { brand: 'Velo' | 'Veo' | 'Neo'; name: string; sku: string }[];
  registeredBy: string;
  /** ISO UTC */
  at: string;
};
