import { createRequire } from 'node:module';
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { CONSENT_NAMES, type AdminConsumer, type ConsentHistoryEntry } from '@promotor/contract';
import { keptSecret } from '../../lib/kept-secret.ts';
import { sfntOf } from './woff-font.ts';

// Consent proof on demand (issue 26, GDPR art. 7(1); decision 097): one consumer's consent history as
// a signed JSON document, and the same as a printable PDF naming the JSON's SHA-256.
//
// The JSON file is { document, sha256, signature }: sha256 is the hex SHA-256 of the document's
// canonical JSON (keys sorted at every level, no spaces, UTF-8: RFC 8785 for a document of strings,
// booleans and nulls), and signature.value the Ed25519 signature of those same bytes. A third party
// verifies with the public key alone (signature.publicKey, checked against the brand's published keyId):
// see verifyConsentProof below, or `openssl pkeyutl -verify -pubin -inkey key.pem -rawin -in doc.json -sigfile sig.bin`.

export type ProofDocument = {
  consumer: AdminConsumer;
  consents: ConsentHistoryEntry[];
  /** ISO UTC */
  generatedAt: string;
  generatedBy: { uuid: string; name: string };
};

export type ProofSignature = { algorithm: 'Ed25519'; keyId: string; publicKey: string; value: string };
export type ProofFile = { document: ProofDocument; sha256: string; signature: ProofSignature };

/** JSON with the keys of every object sorted, no whitespace: the bytes the hash and the signature cover. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export type ProofKey = { privateKey: KeyObject; publicKey: string; keyId: string };

// An Ed25519 private key in PKCS#8 DER is this prefix and the 32-byte seed (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** Where the server keeps its own key when CONSENT_PROOF_KEY is not set. */
export const PROOF_KEY_FILE = 'consent-proof-key';

export function proofKeyFromSeed(seed: Buffer): ProofKey {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    keyId: createHash('sha256')
      .update(publicKey.export({ format: 'der', type: 'spki' }))
      .digest('hex'),
  };
}

/**
 * The signing key: CONSENT_PROOF_KEY's seed, else one kept in DATA_DIR (made at the first start, 0600),
 * so development and tests sign without setting anything. Several instances must share the configured
 * key: each would otherwise keep its own (still verifiable, but with different keyIds).
 */
export function loadProofKey(seed: Buffer | null, dataDir: string): ProofKey & { kept: boolean } {
  if (seed) return { ...proofKeyFromSeed(seed), kept: false };
  return { ...proofKeyFromSeed(keptSecret(dataDir, PROOF_KEY_FILE)), kept: true };
}

export function signConsentProof(document: ProofDocument, key: ProofKey): ProofFile {
  const bytes = Buffer.from(canonicalJson(document), 'utf8');
  return {
    document,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    signature: {
      algorithm: 'Ed25519',
      keyId: key.keyId,
      publicKey: key.publicKey,
      value: sign(null, bytes, key.privateKey).toString('base64'),
    },
  };
}

/** What a verifier does: the hash recomputed from the document, the signature checked with the public key. */
export function verifyConsentProof(file: ProofFile): { sha256: boolean; signature: boolean } {
  const bytes = Buffer.from(canonicalJson(file.document), 'utf8');
  return {
    sha256: createHash('sha256').update(bytes).digest('hex') === file.sha256,
    signature: verify(null, bytes, file.signature.publicKey, Buffer.from(file.signature.value, 'base64')),
  };
}

// DejaVu Sans (@fontsource/dejavu-sans's WOFF, unpacked once: woff-font.ts) has every Polish letter;
// pdfkit embeds only the glyphs used (a subset), so a proof stays a few tens of kilobytes.
const fontOf = (weight: 400 | 700) =>
  sfntOf(createRequire(import.meta.url).resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`));

const CHANNEL: Record<ConsentHistoryEntry['channel'], string> = {
  webform: 'formularz rejestracji (promotor)',
  mgm: 'MGM (polecenie)',
  withdrawal: 'wycofanie zapisane przez inspektora ochrony danych',
};

function proofLine(e: ConsentHistoryEntry, when: (iso: string) => string): string {
  if (e.proof.kind === 'codes') return 'kody wysłane e-mailem i SMS-em, wpisane przy rejestracji';
  if (e.proof.kind === 'mgm-confirmed')
    return e.proof.confirmedAt
      ? `potwierdzone jej kodem SMS ${when(e.proof.confirmedAt)}`
      : 'niepotwierdzone (zapis sprzed potwierdzeń kodem)';
  return `zapisane przez: ${e.proof.staff ?? ''}; notatka: ${e.proof.note ?? ''}`;
}

const decisionWord = (e: ConsentHistoryEntry) => (e.channel === 'withdrawal' ? 'WYCOFANA' : e.decision ? 'UDZIELONA' : 'NIEUDZIELONA');

/** The printable proof: her data, each decision with its exact words, and the JSON document's SHA-256. */
export function consentProofPdf(proof: ProofFile, timezone: string): Promise<Buffer> {
  const { consumer, consents, generatedAt, generatedBy } = proof.document;
  const fmt = new Intl.DateTimeFormat('pl-PL', { timeZone: timezone, dateStyle: 'short', timeStyle: 'medium' });
  const when = (iso: string) => `${fmt.format(new Date(iso))} (${timezone})`;
  const name = [consumer.firstName, consumer.lastName].filter(Boolean).join(' ') || `konsument ${consumer.uuid}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Dowód zgód: ${name}`, Subject: `SHA-256 dokumentu JSON: ${proof.sha256}`, CreationDate: new Date(generatedAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fontOf(400));
  doc.registerFont('bold', fontOf(700));
  const line = (label: string, value: string) => doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);

  doc.font('bold').fontSize(16).text('Dowód zgód (RODO art. 7 ust. 1)');
  doc.moveDown(0.5).fontSize(10);
  line('Osoba', name);
  line('Identyfikator', consumer.uuid);
  line('E-mail', consumer.emailAddress ?? '—');
  line('Telefon', consumer.mobileNumber ?? '—');
  line('Data urodzenia', consumer.birthDate ?? '—');
  line('Kod pocztowy', consumer.postalCode ?? '—');
  line('W rejestrze od', when(consumer.createdAt));
  if (consumer.erasedAt) line('Dane usunięte', when(consumer.erasedAt));
  line('Wygenerowano', `${when(generatedAt)}, ${generatedBy.name}`);
  line('SHA-256 dokumentu JSON', proof.sha256);
  line('Klucz podpisu Ed25519 (keyId)', proof.signature.keyId);
  doc.moveDown();
  doc.font('bold').fontSize(12).text(`Decyzje (${consents.length}), od najnowszej`);
  doc.fontSize(10);
  for (const e of consents) {
    doc
      .moveDown(0.6)
      .font('bold')
      .text(`${CONSENT_NAMES[e.field]}: ${decisionWord(e)}`);
    line('Kiedy', when(e.recordedAt));
    line('Kanał', CHANNEL[e.channel]);
    if (e.promoter) line('Promotor', `${e.promoter.firstname} ${e.promoter.lastname} (${e.promoter.ident})`);
    if (e.action) line('Akcja', `${e.action.name} (${e.action.ident})`);
    if (e.point) line('Punkt', `${e.point.name}, ${e.point.streetAddress}, ${e.point.cityName}`);
    line('Dowód', proofLine(e, when));
    if (e.text) {
      line('Treść', `wersja ${e.text.version}, SHA-256 ${e.text.sha256}`);
      doc.font('regular').text(e.text.words ?? '(treść nie została zachowana)', { indent: 12 });
    }
  }
  doc.end();
  return done;
}
