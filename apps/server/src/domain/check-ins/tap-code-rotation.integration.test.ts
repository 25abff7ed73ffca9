import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { createGateKey, gateForTapCode, tapCode } from './gate-keys.ts';

const ctx = setupTestApp();

describe('tap codes across an APP_SECRET rotation (ADR 048)', () => {
  it("a gate screen's code from before the rotation is accepted with the previous secret listed, not without", async () => {
    const [previous, current] = [randomBytes(48).toString('base64'), randomBytes(48).toString('base64')];
    const { id } = await createGateKey(ctx.db, 'DEMO', 'Rotation gate');
    const shownBefore = tapCode(previous, id, new Date());
    await expect(gateForTapCode(ctx.db, [current, previous], 'DEMO', shownBefore)).resolves.toMatchObject({
      id,
    });
    await expect(gateForTapCode(ctx.db, [current], 'DEMO', shownBefore)).rejects.toThrow();
    await expect(
      gateForTapCode(ctx.db, current, 'DEMO', tapCode(current, id, new Date())),
    ).resolves.toMatchObject({
      id,
    });
  });
});
