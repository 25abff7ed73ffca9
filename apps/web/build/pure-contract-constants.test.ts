import { describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { markConstantsPure, pureContractConstants } from './pure-contract-constants.ts';

/** Bundles `entry` importing a fake contract module and answers the output's code. */
async function bundle(contractCode: string, withPlugin: boolean): Promise<string> {
  const contractId = '/fake/packages/contract/src/endpoints/thing.ts';
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'fake-modules',
        resolveId: (id) => (id === 'entry' ? '\0entry' : id === './thing.ts' ? contractId : null),
        load: (id) =>
          id === '\0entry'
            ? 'import { FIELD_NAMES } from "./thing.ts"; console.log(FIELD_NAMES);'
            : id === contractId
              ? contractCode
              : null,
      },
      ...(withPlugin ? [pureContractConstants()] : []),
    ],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: 'entry', treeshake: { manualPureFunctions: ['z'] } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs
    .flatMap((output) => output.output.map((chunk) => ('code' in chunk ? chunk.code : '')))
    .join('\n');
}

describe('pure contract constants (ADR 118)', () => {
  it('wraps only the constants computed by a call, at the right place after non-ASCII text', () => {
    const code = [
      "const label = '日本語😀';",
      'export const FIELD_NAMES = Object.keys({ a: 1 });',
      'export const tokenSchema = base.extend({ id: label });',
      'export const LIMIT = 5, list = [1];',
      'export function keep() { return make(); }',
    ].join('\n');
    expect(markConstantsPure(code)).toBe(
      [
        "const label = '日本語😀';",
        'export const FIELD_NAMES = /* @__PURE__ */ (() => (Object.keys({ a: 1 })))();',
        'export const tokenSchema = /* @__PURE__ */ (() => (base.extend({ id: label })))();',
        'export const LIMIT = 5, list = [1];',
        'export function keep() { return make(); }',
      ].join('\n'),
    );
  });

  it("drops an unused schema built from another (what kept zod in a route's first download)", async () => {
    const contract = [
      'const secretSchemas = new WeakSet();',
      'function secretToken(schema) { secretSchemas.add(schema); return schema; }',
      'const base = { extend: (shape) => ({ shape }) };',
      'export const FIELD_NAMES = Object.keys({ email: 1, phone: 2 });',
      'export const spotTokenSchema = secretToken(base.extend({ qr_token: "token" }));',
    ].join('\n');
    const without = await bundle(contract, false);
    expect(without).toContain('qr_token');
    const withPlugin = await bundle(contract, true);
    expect(withPlugin).not.toContain('qr_token');
    expect(withPlugin).not.toContain('secretSchemas');
    expect(withPlugin).toContain('phone');
  }, 30_000);
});
