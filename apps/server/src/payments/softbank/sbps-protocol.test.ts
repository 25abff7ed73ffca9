import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { SIMULATOR_MERCHANT, sbpsConfig } from './sbps-config.ts';
import {
  decodeSbpsXml,
  encodeSbpsXml,
  sbpsDate,
  signFields,
  spsHashcode,
  verifyFields,
} from './sbps-protocol.ts';

describe('sps_hashcode (ADR 027)', () => {
  it('is SHA-1 hex over the values in the given order, then the hash key, in UTF-8', () => {
    const fields = { b: '二', a: '1' };
    const expected = createHash('sha1').update('1二key', 'utf8').digest('hex');
    expect(spsHashcode(fields, ['a', 'b'], 'key')).toBe(expected);
    expect(spsHashcode(fields, ['b', 'a'], 'key')).not.toBe(expected);
    expect(spsHashcode({ a: '1' }, ['a', 'missing'], 'key')).toBe(
      createHash('sha1').update('1key').digest('hex'),
    );
  });

  it('verifies only the same fields with the same key', () => {
    const signed = signFields({ amount: '6000', order_id: 'k-1' }, ['order_id', 'amount'], 'secret-key');
    expect(verifyFields(signed, ['order_id', 'amount'], 'secret-key')).toBe(true);
    expect(verifyFields({ ...signed, amount: '1' }, ['order_id', 'amount'], 'secret-key')).toBe(false);
    expect(verifyFields(signed, ['order_id', 'amount'], 'other-key')).toBe(false);
    expect(verifyFields({ ...signed, sps_hashcode: 'short' }, ['order_id', 'amount'], 'secret-key')).toBe(
      false,
    );
  });

  it('writes Japan time as yyyyMMddHHmmss and round-trips the flat XML', () => {
    expect(sbpsDate(new Date('2026-11-23T15:04:05Z'))).toBe('20261124000405');
    const xml = encodeSbpsXml('sps-api-request', 'MG01-00101-101', { order_id: 'a<&>b', amount: '1' });
    expect(xml).toContain('<sps-api-request id="MG01-00101-101">');
    expect(decodeSbpsXml(xml)).toEqual({ order_id: 'a<&>b', amount: '1' });
  });
});

describe('SoftBank configuration', () => {
  it('uses the simulator and its merchant while the simulator is on, the real gateway with env settings otherwise', () => {
    const simulated = sbpsConfig(loadEnv({ NODE_ENV: 'test' }));
    expect(simulated.simulated).toBe(true);
    expect(simulated.merchant).toEqual(SIMULATOR_MERCHANT);
    const real = sbpsConfig(
      loadEnv({
        GATEWAY_SIMULATOR: 'off',
        SOFTBANK_MERCHANT_ID: '12345',
        SOFTBANK_SERVICE_ID: '001',
        SOFTBANK_HASH_KEY: 'a-real-hash-key',
      }),
    );
    expect(real).toMatchObject({
      simulated: false,
      merchant: { merchantId: '12345', serviceId: '001', hashKey: 'a-real-hash-key' },
      purchaseUrl: 'https://stbfep.sps-system.com/f01/FepBuyInfoReceive.do',
    });
    expect(sbpsConfig(loadEnv({ GATEWAY_SIMULATOR: 'off' })).merchant).toBeNull();
    expect(() => loadEnv({ GATEWAY_SIMULATOR: 'off', SOFTBANK_GATEWAY: 'simulator' })).toThrow(
      /SOFTBANK_GATEWAY/,
    );
  });
});
