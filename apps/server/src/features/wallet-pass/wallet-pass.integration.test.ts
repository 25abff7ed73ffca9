import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, ticketResponseSchema, type TicketResponse } from '@kippu/contract';
import { buildApp } from '../../app.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { payWithCard, readyOrder } from '../../../test/checkout-support.ts';
import { verifyTicketQr } from '../../domain/tickets/ticket-qr.ts';

/** A throwaway certificate authority ("WWDR") and a pass signer certificate it issued, as PEM texts. */
function testCertificates() {
  const pem = () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
      privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    };
  };
  const certificate = (
    subject: string,
    serial: string,
    keys: ReturnType<typeof pem>,
    issuer: { name: string; key: forge.pki.rsa.PrivateKey },
  ) => {
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = serial;
    cert.validity.notBefore = new Date(Date.now() - 86_400_000);
    cert.validity.notAfter = new Date(Date.now() + 86_400_000);
    cert.setSubject([{ name: 'commonName', value: subject }]);
    cert.setIssuer([{ name: 'commonName', value: issuer.name }]);
    cert.sign(issuer.key, forge.md.sha256.create());
    return cert;
  };
  const ca = pem();
  const signer = pem();
  const wwdr = certificate('Test WWDR', '01', ca, { name: 'Test WWDR', key: ca.privateKey });
  const signerCert = certificate('Pass Type ID: pass.example.kippu', '02', signer, {
    name: 'Test WWDR',
    key: ca.privateKey,
  });
  return {
    WALLET_PASS_TYPE_ID: 'pass.example.kippu',
    WALLET_TEAM_ID: 'TEAM123456',
    WALLET_SIGNER_CERT: forge.pki.certificateToPem(signerCert),
    WALLET_SIGNER_KEY: forge.pki.privateKeyToPem(signer.privateKey),
    WALLET_WWDR_CERT: forge.pki.certificateToPem(wwdr),
  };
}

/** The entries of a zip archive (stored or deflated), read through its central directory. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const { inflateRawSync } = await import('node:zlib');
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const certificates = testCertificates();
const ctx = setupTestApp(certificates);

type Slot = Awaited<ReturnType<typeof productWithSlot>>;

describe('GET /reservations/{token}/tickets/{ticketId}/wallet.pkpass', () => {
  let slot: Slot;
  let token: string;
  let page: TicketResponse;

  beforeAll(async () => {
    slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2, 'wallet@example.jp');
    token = (await payWithCard(ctx.app, order.token)).json<{ reservation_token: string }>().reservation_token;
    const res = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${token}?lang=ja` });
    page = ticketResponseSchema.parse(res.json());
  });

  const download = (reservationToken: string, ticketId: number, lang = 'en') =>
    ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/reservations/${reservationToken}/tickets/${ticketId}/wallet.pkpass?lang=${lang}`,
    });

  it('the ticket page says passes are available', () => {
    expect(page.apple_wallet).toBe(true);
    expect(page.tickets).toHaveLength(2);
  });

  it('is a signed pass: pass.json with the ticket QR payload, manifest hashes, a PKCS #7 signature', async () => {
    const ticket = page.tickets[1]!;
    const res = await download(token, ticket.id, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${page.reservation_number}-2.pkpass"`,
    );

    const files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      ['icon.png', 'icon@2x.png', 'icon@3x.png', 'manifest.json', 'pass.json', 'signature'].sort(),
    );

    const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.example.kippu',
      teamIdentifier: 'TEAM123456',
      serialNumber: `kippu-DEMO-${ticket.id}`,
      description: 'Ticket for Fixture product (en)',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: ticket.qr, messageEncoding: 'iso-8859-1' }],
      relevantDate: page.starts_at,
    });
    expect(verifyTicketQr(pass.barcodes[0].message, ctx.env.APP_SECRET)).not.toBeNull();
    expect(pass.organizationName).not.toBe('');
    const fields = Object.fromEntries(
      ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].flatMap((group) =>
        (pass.eventTicket[group] as { key: string; value: string; label?: string }[]).map((f) => [f.key, f]),
      ),
    );
    expect(fields.product?.value).toBe('Fixture product (en)');
    expect(fields.date).toMatchObject({ label: 'Date', value: formatDate(page.starts_at, 'en') });
    expect(fields.number?.value).toBe(page.reservation_number);
    expect(fields.index?.value).toBe('2/2');
    expect(fields.page?.value).toBe(`http://localhost:${ctx.env.PORT}/demo/?lang=en#/id/${token}`);

    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
    const hashed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const name of hashed) {
      expect(manifest[name]).toBe(createHash('sha1').update(files.get(name)!).digest('hex'));
    }

    // The signature is a detached PKCS #7 over manifest.json by the configured signer, carrying the WWDR.
    const signed = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(files.get('signature')!.toString('binary'))),
    ) as forge.pkcs7.PkcsSignedData & { rawCapture: { signerInfos: forge.asn1.Asn1[] } };
    const serials = signed.certificates.map((cert) => cert.serialNumber).sort();
    expect(serials).toEqual(['01', '02']);
    const [signerInfo] = signed.rawCapture.signerInfos;
    const parts = signerInfo!.value as forge.asn1.Asn1[];
    const attributes = parts.find((part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC)!;
    const digest = (attributes.value as forge.asn1.Asn1[]).find(
      (attribute) =>
        forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]!.value as string) ===
        '1.2.840.113549.1.9.4',
    )!;
    const digestValue = ((digest.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!
      .value as string;
    expect(Buffer.from(digestValue, 'binary').toString('hex')).toBe(
      createHash('sha1').update(files.get('manifest.json')!).digest('hex'),
    );
    // The RSA signature covers the signed attributes (DER, as a SET) and verifies with the signer's key.
    const signedAttributes = forge.asn1.toDer(
      forge.asn1.create(
        forge.asn1.Class.UNIVERSAL,
        forge.asn1.Type.SET,
        true,
        attributes.value as forge.asn1.Asn1[],
      ),
    );
    const signatureValue = parts.at(-1)!.value as string;
    const verified = createVerify('sha1')
      .update(Buffer.from(signedAttributes.getBytes(), 'binary'))
      .verify(certificates.WALLET_SIGNER_CERT, Buffer.from(signatureValue, 'binary'));
    expect(verified).toBe(true);
  });

  it('is written in the asked language', async () => {
    const res = await download(token, page.tickets[0]!.id, 'ja');
    const pass = JSON.parse((await unzip(res.rawPayload)).get('pass.json')!.toString('utf8'));
    expect(pass.description).toBe('Fixture product (ja) のチケット');
    expect(pass.eventTicket.secondaryFields[0]).toMatchObject({
      label: '日付',
      value: formatDate(page.starts_at, 'ja'),
    });
  });

  it('a companion gets passes for the shared tickets only; the parent token no longer serves them', async () => {
    const shared = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/tickets/share/${token}`,
      headers: xsrfHeaders(),
      payload: { tickets: [{ option_value_id: slot.optionValueIds[0]!, count: 1 }] },
    });
    expect(shared.statusCode).toBe(201);
    const shareToken = shared.json<{ share_token: string }>().share_token;
    const sharedPage = ticketResponseSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/shared/${shareToken}?lang=en` })
      ).json(),
    );
    const movedId = sharedPage.tickets[0]!.id;
    const res = await download(shareToken, movedId);
    expect(res.statusCode).toBe(200);
    const pass = JSON.parse((await unzip(res.rawPayload)).get('pass.json')!.toString('utf8'));
    expect(pass.barcodes[0].message).toBe(sharedPage.tickets[0]!.qr);
    expect(pass.barcodes[0].message).not.toBe(page.tickets.find((t) => t.id === movedId)!.qr);

    const fromParent = await download(token, movedId);
    expect(fromParent.statusCode).toBe(404);
    expect(fromParent.json()).toEqual({ error: 'ticket not found' });
  });

  it('unknown reservation, foreign ticket and bad input answer with the one error body', async () => {
    const unknown = await download('AAAAAAAAAAAAAAAAAAAAAA', page.tickets[0]!.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'ticket not found' });
    const foreign = await download(token, 999_999_999);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'ticket not found' });
    for (const bad of [`${token}/tickets/abc`, `${token}/tickets/-1`, `b%20ad/tickets/1`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${SITE_PATH}/reservations/${bad}/wallet.pkpass`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    const badLang = await download(token, page.tickets[0]!.id, 'xx');
    expect(badLang.statusCode).toBe(400);
  });

  describe('without certificates', () => {
    let plain: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      const env = { ...ctx.env };
      for (const name of Object.keys(certificates) as (keyof typeof certificates)[]) delete env[name];
      plain = await buildApp({ env, db: ctx.db, webDistDir: '/nonexistent/' });
      await plain.ready();
    });
    afterAll(async () => {
      await plain.close();
    });

    it('the ticket pages say no, and the route is record not found', async () => {
      const ticketRes = await plain.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${token}?lang=en` });
      expect(ticketResponseSchema.parse(ticketRes.json()).apple_wallet).toBe(false);
      const res = await plain.inject({
        method: 'GET',
        url: `${SITE_PATH}/reservations/${token}/tickets/${page.tickets[0]!.id}/wallet.pkpass`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'record not found' });
    });
  });
});
